/** What `STORAGE_URL=s3://bucket/prefix?endpoint=…&region=…&forcePathStyle=1` says. */
export type S3Location = {
  bucket: string;
  /** Prepended to every key; empty or ending with `/`. */
  prefix: string;
  endpoint?: string;
  region: string;
  forcePathStyle: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

/**
 * Reads an `s3://` address; throws an Error with a Spanish and English sentence when it is not one.
 * Credentials come from the address's user:password, or else from the standard AWS variables.
 */
export function parseStorageUrl(value: string): S3Location {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error("no es una dirección válida (is not a valid address)");
  }
  if (url.protocol !== "s3:") throw new Error("debe empezar por s3:// (must start with s3://)");
  const bucket = url.hostname;
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    throw new Error("el nombre del bucket no es válido (invalid bucket name)");
  const path = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, "");
  if (path && !/^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(path))
    throw new Error("el prefijo tiene caracteres no válidos (the prefix has invalid characters)");
  const known = new Set(["endpoint", "region", "forcePathStyle"]);
  for (const name of url.searchParams.keys())
    if (!known.has(name)) throw new Error(`parámetro desconocido ${name} (unknown parameter ${name})`);
  const endpoint = url.searchParams.get("endpoint") ?? undefined;
  if (endpoint) {
    let ok = false;
    try {
      ok = ["http:", "https:"].includes(new URL(endpoint).protocol);
    } catch {}
    if (!ok) throw new Error("endpoint debe ser una dirección http(s) (endpoint must be an http(s) address)");
  }
  const flag = url.searchParams.get("forcePathStyle");
  if (flag !== null && !["0", "1", "true", "false"].includes(flag))
    throw new Error("forcePathStyle debe ser 1 o 0 (forcePathStyle must be 1 or 0)");
  const user = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  if (Boolean(user) !== Boolean(password))
    throw new Error("faltan el usuario o la contraseña (both access key and secret are needed)");
  return {
    bucket,
    prefix: path ? `${path}/` : "",
    endpoint,
    region: url.searchParams.get("region") ?? process.env.AWS_REGION ?? "us-east-1",
    forcePathStyle: flag === "1" || flag === "true",
    credentials: user ? { accessKeyId: user, secretAccessKey: password } : undefined,
  };
}
