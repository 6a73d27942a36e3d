// Reads the workbook of a student import (import-xlsx.ts, `readWorkbook`) off the server's event loop: exceljs
// loads a whole workbook at once, about a second and 150 MB for 20,000 students, time during which the main
// thread would answer nobody else. Answers `{ sheet: { headers, rows } }` (each cell as text) or
// `{ error: "unreadable" }`. Plain JavaScript: it needs no TypeScript hooks to start.
import { parentPort, workerData } from "node:worker_threads";
import ExcelJS from "exceljs";

/** A cell as text: dates as `AAAA-MM-DD`, numbers as written, formulas by their result, links by their text. */
function cellText(cell) {
  const read = (v) => {
    if (v === null || v === undefined) return "";
    if (v instanceof Date) return Number.isNaN(v.getTime()) ? "" : v.toISOString().slice(0, 10);
    if (typeof v === "number" || typeof v === "boolean") return String(v);
    if (typeof v === "string") return v;
    if (typeof v === "object" && "result" in v) return read(v.result);
    return cell.text ?? "";
  };
  return read(cell.value);
}

async function readSheet(data) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data);
  const sheet = workbook.worksheets.find((ws) => ws.actualRowCount > 0);
  if (!sheet) return { headers: [], rows: [] };
  const read = [];
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    const cells = [];
    for (let col = 1; col <= row.cellCount; col++) cells.push(cellText(row.getCell(col)));
    read.push({ line, cells });
  });
  const [header, ...rows] = read;
  return { headers: header?.cells ?? [], rows };
}

try {
  parentPort.postMessage({ sheet: await readSheet(Buffer.from(workerData.data)) });
} catch {
  parentPort.postMessage({ error: "unreadable" });
}
