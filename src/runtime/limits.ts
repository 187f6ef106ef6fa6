/** Limits applied to every event of a deployment, with defaults filled in (docs/configuration.md, limits). */
export interface Limits {
  cpu_ms: number;
  memory_mb: number;
  subrequests: number;
  wall_ms: number;
}

/** Default limits (docs/configuration.md). */
export const DEFAULT_LIMITS: Readonly<Limits> = Object.freeze({ cpu_ms: 30_000, memory_mb: 128, subrequests: 1000, wall_ms: 100_000 });
