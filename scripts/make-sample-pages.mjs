// Writes the sandbox's sample document pages (lib/sandbox/sample-pages): a two-page PDF, built by hand here so it
// stays a few KB, and two images (a PNG and a JPEG) drawn by Chromium.
// Run: node scripts/make-sample-pages.mjs
import { chromium } from "@playwright/test";
import { writeFileSync } from "node:fs";
import path from "node:path";

const dir = path.join(import.meta.dirname, "..", "lib", "sandbox", "sample-pages");

/** A PDF 1.4 of A5 pages, each a list of [x, y, size, text] lines in Helvetica. */
function pdf(pages) {
  const objects = ["<< /Type /Catalog /Pages 2 0 R >>", null, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"];
  const kids = [];
  for (const lines of pages) {
    const text = lines.map(([x, y, size, s]) => `BT /F1 ${size} Tf ${x} ${y} Td (${s.replace(/[()\\]/g, "\\$&")}) Tj ET`).join("\n");
    const frame = "0.2 0.3 0.5 RG 2 w 20 20 380 555 re S";
    const stream = `${frame}\n${text}`;
    objects.push(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
    const contents = objects.length;
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 595] /Resources << /Font << /F1 3 0 R >> >> /Contents ${contents} 0 R >>`);
    kids.push(`${objects.length} 0 R`);
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.join(" ")}] /Count ${kids.length} >>`;
  let out = "%PDF-1.4\n";
  const offsets = objects.map((body, i) => {
    const at = out.length;
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

writeFileSync(
  path.join(dir, "certificate-of-incorporation.pdf"),
  pdf([
    [
      [40, 540, 16, "CERTIFICATE OF INCORPORATION"],
      [40, 515, 10, "Sandbox Companies Registry - sample document"],
      [40, 470, 11, "Company name: Acme Trading Ltd"],
      [40, 450, 11, "Registration number: 20000002"],
      [40, 430, 11, "Incorporated: 14 March 2019"],
      [40, 410, 11, "Registered office: 1 Sandbox Street, Testville"],
      [40, 60, 9, "Page 1 of 2"],
    ],
    [
      [40, 540, 16, "DIRECTORS AND SHAREHOLDERS"],
      [40, 490, 11, "Director: Ada Lovelace (appointed 14 March 2019)"],
      [40, 470, 11, "Shareholder: Ada Lovelace, 100 ordinary shares"],
      [40, 60, 9, "Page 2 of 2"],
    ],
  ]),
);

// The images are an HTML card screenshotted by Debian's Chromium (CHROMIUM_PATH), as the e2e specs drive it.
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
const page = await browser.newPage({ viewport: { width: 480, height: 300 } });
async function card(file, title, lines, colour) {
  const rows = lines.map((line) => `<p style="margin:10px 0;font-size:16px">${line}</p>`).join("");
  await page.setContent(`<body style="margin:0"><div style="box-sizing:border-box;width:480px;height:300px;padding:20px 24px;border:4px solid #1f2a44;background:${colour};font-family:sans-serif;color:#1f2a44"><h1 style="margin:0 0 18px;font-size:22px">${title}</h1>${rows}</div></body>`);
  const type = file.endsWith(".jpg") ? "jpeg" : "png";
  await page.screenshot({ path: path.join(dir, file), type, ...(type === "jpeg" ? { quality: 70 } : {}) });
}
await card("director-id.png", "IDENTITY CARD (sample)", ["Name: Ada Lovelace", "Born: 10 December 1815", "Document no: SBX123456", "Valid until: 2031-01-01"], "#dbe7f5");
await card("proof-of-address.jpg", "UTILITY BILL (sample)", ["Acme Trading Ltd", "1 Sandbox Street, Testville", "Issued: 2026-10-01", "Amount due: 42.00"], "#f5ecd6");
await browser.close();
