import { LoadingBlock } from "@/components/ui/empty-state";

export default function DefinitionLoading() {
  return <LoadingBlock label="Loading the definition…" rows={10} />;
}
