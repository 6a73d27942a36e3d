// A worker of the PDF pool (pool.ts, documents.ts): builds one certificate or letter per message, off
// the server's event loop. The server runs TypeScript through tsx; a worker does not inherit the parent's
// `--import tsx` hooks, so it registers them itself.
import { parentPort } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
const { buildDocumentPdf } = await import("../modules/document-requests/pdf.ts");

parentPort.on("message", async ({ input }) => {
  try {
    const pdf = await buildDocumentPdf(input);
    const bytes = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength).slice();
    parentPort.postMessage({ output: bytes }, [bytes.buffer]);
  } catch (err) {
    parentPort.postMessage({ error: err instanceof Error ? err.message : String(err) });
  }
});
