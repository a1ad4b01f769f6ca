import { LinkProblem } from "@/components/self-service/link-problem";

/** An altered link, or one whose appointment is gone: a 404 whose page says so in the caller's language. */
export default function SelfServiceLinkNotFound() {
  return <LinkProblem reason="invalid" />;
}
