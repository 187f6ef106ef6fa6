/** A valid project name made from a directory name (the reference's "synthetic project name"). */
export function toProjectName(base: string): string {
  const slug = base.toLowerCase().replace(/[^a-z0-9-]+/g, '-').replace(/-+/g, '-').replace(/^-|-$/g, '').slice(0, 63).replace(/-$/, '');
  return slug || 'edge-app';
}
