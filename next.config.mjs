/** @type {import('next').NextConfig} */
const nextConfig = {
  // The database drivers load native/wasm assets at run time; keep them out of the bundle.
  serverExternalPackages: ["@electric-sql/pglite", "postgres"],
  output: process.env.NEXT_OUTPUT === "standalone" ? "standalone" : undefined,
  poweredByHeader: false,
  reactStrictMode: true,
};

export default nextConfig;
