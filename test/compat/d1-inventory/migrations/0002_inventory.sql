-- Migration number: 0002 	 2025-07-02T00:00:00.000Z
CREATE TABLE products (
    sku TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    stock INTEGER NOT NULL DEFAULT 0 CHECK (stock >= 0),
    price_cents INTEGER NOT NULL,
    photo BLOB
);
CREATE TABLE movements (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    from_sku TEXT NOT NULL REFERENCES products (sku),
    to_sku TEXT NOT NULL REFERENCES products (sku),
    qty INTEGER NOT NULL,
    at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX movements_from ON movements (from_sku);
