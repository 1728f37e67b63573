import { describe, expect, it } from "vitest";
import { sniffPageType } from "./sniff-page-type";

const bytes = (...parts: (string | number[])[]) => Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p, "latin1") : Buffer.from(p))));

describe("sniffPageType", () => {
  it("knows JPEG, PNG, WebP and PDF by their first bytes", () => {
    expect(sniffPageType(bytes([0xff, 0xd8, 0xff, 0xe0], "JFIF"))).toBe("image/jpeg");
    expect(sniffPageType(bytes([0x89], "PNG\r\n\x1a\n", [0, 0, 0, 13]))).toBe("image/png");
    expect(sniffPageType(bytes("RIFF", [1, 2, 3, 4], "WEBPVP8 "))).toBe("image/webp");
    expect(sniffPageType(bytes("%PDF-1.7\n"))).toBe("application/pdf");
  });

  it("refuses HTML, SVG, a RIFF that is not WebP, and short or empty bodies", () => {
    expect(sniffPageType(bytes("<!doctype html><script>alert(1)</script>"))).toBeNull();
    expect(sniffPageType(bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBeNull();
    expect(sniffPageType(bytes("<?xml version='1.0'?><svg/>"))).toBeNull();
    expect(sniffPageType(bytes("RIFF", [1, 2, 3, 4], "WAVEfmt "))).toBeNull();
    expect(sniffPageType(bytes(" %PDF-1.4"))).toBeNull();
    expect(sniffPageType(bytes([0xff, 0xd8]))).toBeNull();
    expect(sniffPageType(new Uint8Array())).toBeNull();
  });
});
