/** Credentials the e2e server is started with (see playwright.config.ts). */
export const E2E_ADMIN = { email: "admin@example.com", password: "e2e-admin-password" };
export const E2E_API_KEY = "kyc_e2e_api_key_0123456789abcdef";
/** Fixed ports of the local vendor stub and webhook receiver, allowed through OUTBOUND_ALLOWED_HOSTS. */
export const E2E_VENDOR_PORT = Number(process.env.E2E_VENDOR_PORT ?? 3291);
export const E2E_RECEIVER_PORT = Number(process.env.E2E_RECEIVER_PORT ?? 3292);
