// The few parts of autocannon's API the bench uses (the package ships no types).
declare module "autocannon" {
  type Result = {
    requests: { total: number; average: number };
    non2xx: number;
    errors: number;
    timeouts: number;
  };
  type Instance = PromiseLike<Result> & {
    on(
      event: "response",
      listener: (client: unknown, status: number, bytes: number, ms: number) => void,
    ): void;
  };
  function autocannon(options: Record<string, unknown>): Instance;
  export default autocannon;
}
