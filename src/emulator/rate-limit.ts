// Token buckets per API key (or per client address without one): a burst of one second's worth, refilled continuously.

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

interface Bucket {
  tokens: number;
  updatedMs: number;
}

/** Buckets idle long enough to be full again carry no information; past this many they are swept. */
const SWEEP_THRESHOLD = 10_000;

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  /** `perSecond` <= 0 or not finite turns limiting off. */
  constructor(private readonly perSecond: number) {}

  take(bucketKey: string, share: number, nowMs: number): RateDecision {
    const rate = this.perSecond * share;
    if (!(rate > 0) || !Number.isFinite(rate)) return { allowed: true };
    // Below one request per second the bucket still holds one, or it would never admit anything.
    const capacity = Math.max(1, rate);
    let bucket = this.buckets.get(bucketKey);
    if (!bucket) {
      if (this.buckets.size >= SWEEP_THRESHOLD) this.sweep(nowMs);
      bucket = { tokens: capacity, updatedMs: nowMs };
      this.buckets.set(bucketKey, bucket);
    } else {
      bucket.tokens = Math.min(capacity, bucket.tokens + ((nowMs - bucket.updatedMs) / 1000) * rate);
      bucket.updatedMs = nowMs;
    }
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { allowed: true };
    }
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / rate)) };
  }

  private sweep(nowMs: number): void {
    for (const [key, bucket] of this.buckets) {
      if (nowMs - bucket.updatedMs > 60_000) this.buckets.delete(key);
    }
  }
}
