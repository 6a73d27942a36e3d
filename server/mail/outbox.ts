import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

export type OutboxMessage = {
  file: string;
  to: string;
  subject: string;
  /** Decoded text of the whole message (headers and parts). */
  body: string;
  /** The first link of the message to the web app carrying `?token=`, and that token. */
  link: string | null;
  token: string | null;
};

/** Undoes quoted-printable encoding (soft line breaks and =XX bytes, read as UTF-8). */
function decodeQuotedPrintable(s: string): string {
  const joined = s.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** Decodes an RFC 2047 header value (=?UTF-8?Q?…?= or =?UTF-8?B?…?=). */
function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([qb])\?([^?]*)\?=\s*/gi, (_m, enc: string, text: string) =>
    enc.toLowerCase() === "b"
      ? Buffer.from(text, "base64").toString("utf8")
      : decodeQuotedPrintable(text.replace(/_/g, " ")),
  );
}

function header(raw: string, name: string): string {
  const m = raw.match(new RegExp(`^${name}:\\s*((?:.*)(?:\\r?\\n[ \\t].*)*)`, "im"));
  return m ? decodeHeader(m[1]!.replace(/\r?\n[ \t]+/g, " ").trim()) : "";
}

/** Reads the `.eml` files of an outbox folder, oldest first (tests use it to follow e-mailed links). */
export async function readOutbox(dir: string): Promise<OutboxMessage[]> {
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith(".eml")).sort();
  const messages: OutboxMessage[] = [];
  for (const f of files) {
    const raw = await readFile(path.join(dir, f), "utf8");
    const body = decodeQuotedPrintable(raw);
    const link = body.match(/https?:\/\/[^\s"<>]+\?token=[A-Za-z0-9_-]+/)?.[0] ?? null;
    messages.push({
      file: f,
      to: header(raw, "To"),
      subject: header(raw, "Subject"),
      body,
      link,
      token: link ? new URL(link).searchParams.get("token") : null,
    });
  }
  return messages;
}
