/** An answer the host Worker keeps for the views that come back to it (inclusion paths, revalidation, composition, export). */
import type { ResultTree } from "../../src/attest/index.ts";
import type { FramesLeg } from "../../src/host/index.ts";
import type { ContextQueryResult } from "../../src/protocol/index.ts";
import type { AnswerView } from "../shared/messages.ts";

/** An answer kept, with what every later view of it reads (spec §3.7, §4.6). */
export interface KeptAnswer {
  readonly view: AnswerView;
  readonly result: ContextQueryResult;
  readonly providerName: string;
  /** The result's tree (spec §3.7), which every inclusion path of the answer reads. */
  readonly tree: ResultTree;
  /** The audited frames (unless the audit dropped the answer), for revalidation and composition. */
  readonly leg?: FramesLeg;
}
