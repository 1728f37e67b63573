export { apiKeyCaller, userCaller, type ApiKeyCaller, type Caller, type CallerContext, type CallerHandler, type UserCaller } from "./caller";
export { isActiveAdmin, requireAdmin } from "./require-admin";
