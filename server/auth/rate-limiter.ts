/**
 * A small in-memory fixed-window counter (no database): at most `max` hits per key in each window of
 * `windowMs`. A key that reaches the limit is refused until its window ends; there is no lock-out beyond.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly options: { max: number; windowMs: number; now?: () => number }) {}

  private now() {
    return this.options.now?.() ?? Date.now();
  }

  private bucket(key: string) {
    const now = this.now();
    const found = this.buckets.get(key);
    if (found && found.resetAt > now) return found;
    if (found) this.buckets.delete(key);
    return null;
  }

  /** Milliseconds until `key` may try again, or 0 when it may now. Counts nothing. */
  retryAfterMs(key: string): number {
    const b = this.bucket(key);
    return b && b.count >= this.options.max ? b.resetAt - this.now() : 0;
  }

  /** Records one hit on `key`. */
  hit(key: string): void {
    this.sweep();
    const b = this.bucket(key);
    if (b) b.count += 1;
    else this.buckets.set(key, { count: 1, resetAt: this.now() + this.options.windowMs });
  }

  /** Gives back one hit on `key` (an attempt that turned out fine). */
  release(key: string): void {
    const b = this.bucket(key);
    if (b && b.count > 0) b.count -= 1;
  }

  /** Forgets `key` (for example after a successful login). */
  reset(key: string): void {
    this.buckets.delete(key);
  }

  /** Drops ended windows now and then so the map cannot grow without bound. */
  private sweep() {
    if (this.buckets.size < 1000) return;
    const now = this.now();
    for (const [key, b] of this.buckets) if (b.resetAt <= now) this.buckets.delete(key);
  }
}
