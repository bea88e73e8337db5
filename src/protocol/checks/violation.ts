/** The value every requirement check returns (spec §2): which anchor, where, and what. */

/**
 * One breach of a normative requirement. `anchor` is the spec's stable id (`F3`,
 * `B1`, `C5`…); `path` locates it inside the checked value; `frame` names the
 * frame by id when the check covers a whole result. Messages never quote
 * content.
 */
export interface Violation {
  readonly anchor: string;
  readonly message: string;
  readonly path?: string;
  readonly frame?: string;
}

/** Builds a violation, leaving out an empty path or frame. */
export function violation(anchor: string, message: string, where: { path?: string; frame?: string } = {}): Violation {
  return {
    anchor,
    message,
    ...(where.path ? { path: where.path } : {}),
    ...(where.frame !== undefined ? { frame: where.frame } : {}),
  };
}
