import type { Metadata } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Case management", template: "%s · Case management" },
  description: "KYC/KYB workflow orchestration and case review",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page is rendered per request: its Content-Security-Policy carries a fresh nonce (proxy.ts), and
  // Next.js can only put that nonce on the scripts of a page it renders for that request.
  await connection();
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
