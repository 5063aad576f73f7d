// Lines of refhost that source mutants of two groups find (inside the seam each names), kept once: the
// tools/list call (DISCOVER-1 in mutants-stdio-discovery.ts, DISCOVER-2 in mutants-deadlines.ts),
// the check of an aborted call (RESULT-5/7/9 in mutants-approval-results.ts, RESULT-4 in
// mutants-deadlines.ts) and the approval step (APPROVE-1 in mutants-approval-results.ts,
// POLICY-1/4 in mutants-policy-telemetry.ts).

export const APPROVE_STEP = '  const approved = await ctx.approve({ tool: action.tool, args: action.args, trust: ctx.policy?.trust(action.tool.server) });';
export const CLASSIFY_ABORTED = '    if (signal.aborted) return unknownOutcome(reasonText(signal.reason));';
export const LIST_TOOLS = "    const discovery = await discoverTools((cursor) => session.listPage('tools/list', cursor, deadline.signal));";
