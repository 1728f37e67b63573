import { LoadingBlock } from "@/components/ui/empty-state";

export default function DefinitionsLoading() {
  return <LoadingBlock label="Loading the definitions…" />;
}
