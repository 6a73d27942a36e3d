// Bench of the notification fan-out (issue 11): one notification to every user of the bench school of
// `--students` students (students.ts), sent by the admin while a student's live stream is open. Measures
// how long the sender waits (the notification stored with its ~20,000 receivers, one set-based insert;
// goal ≤ 2 s) and when the open stream receives it (after the answer: the sender never waits on it).

export const notificationFanoutName = "notification to every user (bench school)";

/**
 * Reads a server-sent events stream, noting when (ms since `t0`) each notification id first arrived. The
 * event may come before the sender's answer names the id (on PostgreSQL the announcement is delivered at
 * commit), so arrivals are kept, not matched on the spot.
 */
function watchEvents(body: ReadableStream<Uint8Array>, t0: () => number) {
  const arrived = new Map<number, number>();
  const reader = body.getReader();
  const decoder = new TextDecoder();
  void (async () => {
    let text = "";
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      const now = performance.now() - t0();
      text += decoder.decode(value, { stream: true });
      for (const match of text.matchAll(/"id":(\d+),/g)) {
        const id = Number(match[1]);
        if (!arrived.has(id)) arrived.set(id, now);
      }
    }
  })();
  return {
    /** When `id` arrived, waiting up to `timeoutMs` for it; null if it never did. */
    async arrival(id: number, timeoutMs: number): Promise<number | null> {
      const deadline = performance.now() + timeoutMs;
      while (!arrived.has(id) && performance.now() < deadline) await new Promise((r) => setTimeout(r, 5));
      return arrived.get(id) ?? null;
    },
    cancel: () => reader.cancel().catch(() => {}),
  };
}

const afterAnswer = (ms: number) =>
  ms >= 0
    ? `${ms.toFixed(0)} ms after the sender's answer`
    : `${(-ms).toFixed(0)} ms before the sender's answer arrived`;

export async function benchNotificationFanout(opts: {
  kind: "pglite" | "postgres";
  baseUrl: string;
  auth: string;
  studentEmail: string;
  studentPassword: string;
}): Promise<string> {
  const login = await fetch(`${opts.baseUrl}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: opts.studentEmail, password: opts.studentPassword }),
  });
  if (!login.ok) return `${notificationFanoutName} [${opts.kind}]: student login failed (${login.status})`;
  const { access_token } = (await login.json()) as { access_token: string };
  const controller = new AbortController();
  const stream = await fetch(`${opts.baseUrl}/api/notifications/stream`, {
    headers: { authorization: `Bearer ${access_token}` },
    signal: controller.signal,
  });
  if (!stream.ok || !stream.body)
    return `${notificationFanoutName} [${opts.kind}]: stream refused (${stream.status})`;
  let started = 0;
  const events = watchEvents(stream.body, () => started);
  started = performance.now();
  const res = await fetch(`${opts.baseUrl}/api/notifications`, {
    method: "POST",
    headers: { authorization: opts.auth, "content-type": "application/json" },
    body: JSON.stringify({ type: 1, content: "Mañana no hay clases: jornada de mantenimiento." }),
  });
  const storedMs = performance.now() - started;
  const text = await res.text();
  if (res.status !== 201) {
    controller.abort();
    return `${notificationFanoutName} [${opts.kind}]: POST answered ${res.status}: ${text.slice(0, 300)}`;
  }
  const answer = JSON.parse(text) as { data: { id: number; receivers: number } };
  const liveMs = await events.arrival(answer.data.id, 10_000);
  await events.cancel();
  controller.abort();
  return (
    `${notificationFanoutName} [${opts.kind}]: stored for ${answer.data.receivers} receivers in ` +
    `${storedMs.toFixed(0)} ms (goal ≤ 2000 ms, ${storedMs <= 2000 ? "met" : "MISSED"}); an open stream ` +
    `received it ${liveMs === null ? "never (10 s)" : `${liveMs.toFixed(0)} ms after it was sent, ${afterAnswer(liveMs - storedMs)}`} ` +
    `(goal: within 2000 ms of being stored, ${liveMs !== null && liveMs - storedMs <= 2000 ? "met" : "MISSED"})`
  );
}
