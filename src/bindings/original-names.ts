/**
 * Existing libraries recognise binding objects by class name (`env.FILES.constructor.name === "R2Bucket"`).
 * Ledge keeps its own neutral classes and hands out instances of a subclass that adds nothing but the name
 * the original platform gives the class, so `constructor.name` matches and `instanceof` holds for both
 * names (docs/runtime.md, Class names of binding objects).
 */

// A mixin's base must be typed `new (...args: any[])` for `class extends` to accept it (TypeScript rule).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Constructor = new (...args: any[]) => object;

/** A subclass of `base` named `name` and otherwise identical. */
export function withOriginalName<T extends Constructor>(base: T, name: string): T {
  // The computed key gives the class its name the way a declaration would.
  const named = { [name]: class extends base {} }[name];
  return named as T;
}
