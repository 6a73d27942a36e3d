// Bench of the notification fan-out (issue 11): one notification to every user of the bench school of
// `--students` students (students.ts), sent by the admin while a student's live stream is open. Measures
// how long the sender waits (the notification stored with its ~20,000 receivers, one set-based insert;
// goal ≤ 2 s) and when the open stream receives it (after the answer: the sender never waits on it).

export const notificationFanoutName = "notification to every user (bench school)";

/** Reads a server-sent events stream until an event carries `id`; answers when (ms since `t0`). */
async function waitForEvent(body: ReadableStream<Uint8Array>, id: () => number | null, t0: () => number) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return null;
    text += decoder.decode(value);
    const wanted = id();
    if (wanted !== null && text.includes(`"id":${wanted},`)) {
      const at = performance.now() - t0();
      await reader.cancel().catch(() => {});
      return at;
    }
  }
}

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
  let id: number | null = null;
  let started = 0;
  const delivered = waitForEvent(
    stream.body,
    () => id,
    () => started,
  );
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
  id = answer.data.id;
  const liveMs = await Promise.race([delivered, new Promise<null>((r) => setTimeout(() => r(null), 10_000))]);
  controller.abort();
  return (
    `${notificationFanoutName} [${opts.kind}]: stored for ${answer.data.receivers} receivers in ` +
    `${storedMs.toFixed(0)} ms (goal ≤ 2000 ms, ${storedMs <= 2000 ? "met" : "MISSED"}); an open stream ` +
    `received it ${liveMs === null ? "never (10 s)" : `${liveMs.toFixed(0)} ms after it was sent, ${(liveMs - storedMs).toFixed(0)} ms after the sender's answer`} ` +
    `(goal: within 2000 ms of being stored, ${liveMs !== null && liveMs - storedMs <= 2000 ? "met" : "MISSED"})`
  );
}
