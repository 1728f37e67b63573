/** Bulk operations: one action over a queue's matching cases or a selection, run by the worker in chunks. */
export { BULK_ACTIONS, type BulkAction, type BulkActionName, type BulkSource } from "./bulk-action";
export { createBulkOperation, type CreateBulkOperationInput } from "./create-bulk-operation";
export { cancelBulkOperation } from "./cancel-bulk-operation";
export { getBulkOperation, type BulkOperationView } from "./bulk-operation-view";
