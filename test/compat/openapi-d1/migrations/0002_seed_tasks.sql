-- Migration number: 0002 	 2025-09-02T10:00:00.000Z
INSERT INTO tasks (name, slug, description, completed, due_date)
VALUES ('Clean my room', 'clean-room', NULL, 0, '2025-01-01T00:00:00Z');
