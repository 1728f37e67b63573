import { LoadingBlock } from "@/components/ui/empty-state";

export default function AddCaseLoading() {
  return <LoadingBlock label="Loading the form…" rows={6} />;
}
