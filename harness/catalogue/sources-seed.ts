// The seed passage each guarantee restates (issue 16, part 4): quoted verbatim from the two
// seed documents (Chinese), with the section heading and lines, and a short English gloss.
// Seed 000 is "第 09 章：用 MCP 接入外部工具" (chapter 09, MCP tools in the Mino agent);
// seed 002 is "6.9 MCP 工具集成" (MCP tool integration: discovery, injection, ReadMcpResource).
import { SEED_DOCS, type SeedSource } from './source-schema.js';

const S000 = {
  intro: '第 09 章：用 MCP 接入外部工具',
  s1: '1. 一个问题，被路由到远端服务',
  s2: '2. 连接一次，每次调用都批准',
  s21: '2.1 模型收到了什么',
  s22: '2.2 同意在哪里给出',
  s3: '3. 结果不确定时',
  s4: '4. 批准管不到的地方',
  s41: '4.1 批准说明目的地，而不约束服务的行为',
  s42: '4.2 凭证不进入对话',
  s43: '4.3 连接与发现的上限',
  s5: '5. 用模拟测试检查路由',
} as const;

const S002 = {
  flow: '动态发现流程',
  inject: '指令注入：描述与 Schema 即攻击面',
  resource: 'ReadMcpResource',
  builtin: '与内置 42 工具的关系',
  telemetry: '遥测字段',
  anti: '常见反模式',
  triangle: 'MCP 能力三角（表）',
  goals: '学习目标',
  snippet: '源码片段：注册 MCP 工具（概念）',
  policy: '策略包示例（伪 YAML）',
  pipeline: '与 6.3 流水线的检查点对照',
  faq: 'FAQ',
} as const;

function seed(doc: keyof typeof SEED_DOCS, section: string, lines: number | [number, number], quote: string, gloss: string): SeedSource {
  const [from, to] = typeof lines === 'number' ? [lines, lines] : lines;
  return { doc: SEED_DOCS[doc], where: { section, lines: [from, to] }, quote, gloss };
}
const s000 = (section: string, lines: number | [number, number], quote: string, gloss: string) => seed('000', section, lines, quote, gloss);
const s002 = (section: string, lines: number | [number, number], quote: string, gloss: string) => seed('002', section, lines, quote, gloss);

const TABLE_0901 = '表 09-1';
const UNKNOWN_ROW = '调用发出后 30 秒超时、被取消、连接断开，或响应超限\tunknown\t一段说明：服务可能已经执行，不得自动重试';
const UNKNOWN_GLOSS = (what: string): string =>
  `Table 09-1: ${what} after the call was sent → unknown, with a note that the server may have acted and the call must not be retried automatically.`;

export const SEED_SOURCES: Readonly<Record<string, SeedSource>> = {
  'DISCOVER-1': s000(
    S000.s2,
    49,
    '连接和发现工具每个进程只发生一次，不会询问你。',
    'Connecting and discovering tools happen once per process and ask you nothing.',
  ),
  'DISCOVER-2': s000(S000.s2, 53, '各服务并行连接，每个最多 10 秒。', 'Servers connect in parallel, each for at most 10 seconds.'),
  'DISCOVER-3': s000(
    S000.s1,
    41,
    '第一行出现在横幅之前。启动时，Mino 连接了服务，询问它提供哪些工具，并报告结果：两个工具。这时你还没有提问。',
    'The first line comes before the banner: at start-up Mino connected, asked for the tools and reported the result (two tools), before you asked anything.',
  ),
  'DISCOVER-4': s000(
    S000.s2,
    53,
    '连接失败的服务会报告为 MCP server NAME unavailable: REASON 并被跳过；聊天和其他服务照常继续。',
    'A server that fails to connect is reported as "MCP server NAME unavailable: REASON" and skipped; the chat and the other servers carry on.',
  ),
  'DISCOVER-5': s000(
    S000.s21,
    61,
    '发现完成后，工具列表就固定下来。服务后来新增的工具不会影响正在运行的进程；要看到变化，请重启 Mino。',
    'Once discovered, the tool list is fixed: tools a server adds later do not affect the running process; restart to see changes.',
  ),
  'DISCOVER-6': s000(
    S000.s22,
    65,
    '添加服务本身不会连接；第一次连接发生在下一次启动聊天时。',
    'Adding a server does not connect to it; the first connection happens when a chat next starts.',
  ),
  'EXPOSE-1': s000(
    S000.s21,
    57,
    '名称是 mcp_<server>_<tool>，所以两个服务都提供 search 也不会冲突。',
    'The name is mcp_<server>_<tool>, so two servers that both offer "search" do not collide.',
  ),
  'EXPOSE-2': s000(
    S000.s21,
    57,
    '如果工具名包含 Responses API 不允许的字符、过长，或者仍然冲突，Mino 会加上一个简短的哈希后缀，而不是去猜一个安全的替代名。',
    'A tool name with characters the Responses API refuses, too long, or still colliding gets a short hash suffix instead of a guessed safe substitute.',
  ),
  'EXPOSE-3': s000(
    S000.s21,
    57,
    'Mino 会加上一个简短的哈希后缀，而不是去猜一个安全的替代名。',
    'A short hash suffix rather than a guessed name: a hash is the same on every start, which saved sessions rely on (the catalogue states the determinism outright).',
  ),
  'EXPOSE-4': s000(
    S000.s21,
    57,
    '输入 schema 按服务的描述原样传递，因此这些函数不使用严格模式。',
    'The input schema is passed exactly as the server described it, so these functions are not in strict mode.',
  ),
  'EXPOSE-5': s000(
    S000.s21,
    57,
    '描述会标明来源，例如 [MCP server context7, tool resolve-library-id]，后面是服务提供的文字，再附上一句说明：参数会发给该服务，其结果是不可信的外部数据。',
    "The description names its origin, e.g. [MCP server context7, tool resolve-library-id], then the server's text, then a note that arguments go to that server and its results are untrusted external data.",
  ),
  'EXPOSE-6': s002(S002.anti, 120, '描述原样进 system\t注入放大', 'Anti-pattern: descriptions put verbatim into the system prompt amplify injection.'),
  'APPROVE-1': s000(
    S000.s1,
    43,
    'Mino 查出这个名称属于哪个服务，向你展示确认界面，你输入 y 之后才把参数发给 Context7。',
    'Mino finds the server the name belongs to, shows you the confirmation, and sends the arguments only after you type y.',
  ),
  'APPROVE-2': s000(
    S000.s1,
    45,
    '接下来通常还有第二次调用：用这次结果里的库 ID 调用 query-docs。它需要单独批准。',
    'A second call usually follows (query-docs with the library ID from the first result); it needs its own approval.',
  ),
  'APPROVE-3': s000(
    S000.s1,
    45,
    '在任一提示处直接回车或输入 n 都表示拒绝：不向服务发送任何内容，模型收到 denied 结果。',
    'Pressing Enter or typing n at any prompt denies: nothing is sent to the server and the model gets a denied result.',
  ),
  'APPROVE-4': s000(
    S000.s22,
    69,
    '每次 MCP 调用都需要单独的默认拒绝批准，即使服务给工具标注了 readOnlyHint 之类的提示。Mino 无法验证远端工具实际做了什么，因此服务的自我描述不能成为跳过询问的理由。',
    "Every MCP call needs its own default-deny approval, even when the server marks the tool with hints such as readOnlyHint: Mino cannot verify what a remote tool does, so a server's self-description is no reason to skip asking.",
  ),
  'APPROVE-5': s000(
    S000.s41,
    94,
    '第 1 节的确认界面显示 Destination，因为批准一次调用，就是决定这些参数发往哪里。下面那句警告写明了边界：Mino 无法控制服务拿这些参数做什么。 … Arguments 字段显示格式化后的 JSON，超过 2 KiB 的部分会被截掉。',
    'The confirmation shows the Destination, because approving a call decides where the arguments go; the warning below it states that Mino cannot control what the server does with them; the Arguments field shows formatted JSON cut after 2 KiB.',
  ),
  'APPROVE-6': s002(S002.builtin, 104, '默认 isConcurrencySafe=false；', 'MCP tools default to isConcurrencySafe=false (never run concurrently).'),
  'RESULT-1': s000(
    S000.s3,
    78,
    '服务返回了内容\tcompleted\t按顺序排列的文本块；图片、音频和二进制数据标记为已省略；资源链接只列出、不打开；没有文本时使用结构化内容',
    'Table 09-1: content returned → completed: text blocks in order; images, audio and binary marked omitted; resource links listed, never opened; structured content when there is no text.',
  ),
  'RESULT-2': s000(
    S000.s3,
    79,
    '服务报告错误，或工具结果带有 isError 标记\tfailed\t服务给出的错误信息',
    "Table 09-1: the server reports an error, or the result carries isError → failed, with the server's message.",
  ),
  'RESULT-3': s000(S000.s3, 80, '你拒绝了调用\tdenied\t没有发送任何内容', 'Table 09-1: you denied the call → denied; nothing was sent.'),
  'RESULT-4': s000(S000.s3, 81, UNKNOWN_ROW, UNKNOWN_GLOSS('a 30 s timeout')),
  'RESULT-5': s000(S000.s3, 81, UNKNOWN_ROW, UNKNOWN_GLOSS('a dropped connection')),
  'RESULT-6': s000(S000.s3, 81, UNKNOWN_ROW, UNKNOWN_GLOSS('a response over the limit')),
  'RESULT-7': s000(S000.s3, 81, UNKNOWN_ROW, UNKNOWN_GLOSS('a cancelled call')),
  'RESULT-8': s000(
    S000.s3,
    82,
    '结果超过 64 KiB\toutput_limit\t结果的前一部分，并标明已截断',
    `${TABLE_0901}: a result over 64 KiB → output_limit, the first part, marked truncated.`,
  ),
  'RESULT-9': s000(S000.s3, 81, '一段说明：服务可能已经执行，不得自动重试', 'The model gets a note: the server may have acted; do not retry automatically.'),
  'UNKNOWN-1': s000(
    S000.s3,
    84,
    '所以它从不重发调用，连 SDK 自己的重试也关闭了。',
    "So it never resends a call, and even the SDK's own retries are turned off.",
  ),
  'UNKNOWN-2': s000(
    S000.s3,
    84,
    '发送你的下一个问题之前，Mino 会请你确认这次调用可能已经执行。拒绝确认时问题不会发出；不需要重启。',
    'Before your next question is sent, Mino asks you to confirm that the call may have run; if you decline, the question is not sent, and no restart is needed.',
  ),
  'CRED-1': s000(
    S000.s42,
    98,
    'Mino 接受静态凭证：远端服务用请求头，stdio 服务用环境变量。它们在添加服务时以关闭回显的方式输入，私密地保存在你的用户目录中。',
    'Mino accepts static credentials: headers for remote servers, environment variables for stdio servers, typed with echo off when the server is added and stored privately in your user directory.',
  ),
  'CRED-2': s000(S000.s42, 98, '每个值只发给对应的服务', 'Each value goes only to its own server.'),
  'CRED-3': s000(
    S000.s42,
    98,
    '从不出现在确认界面、错误信息、会话日志，或任何发给模型服务的请求中。',
    'It never appears on the confirmation screen, in error messages, in session logs or in any request to the model service.',
  ),
  'CRED-4': s000(S000.s5, 122, '以及列出服务时隐藏请求头的值。', '(The command tests check) that listing servers hides the header values.'),
  'CRED-5': s000(
    S000.s42,
    100,
    '服务拒绝凭证时，状态行会说明不支持 OAuth，并建议改用 API 密钥这类静态请求头。',
    'When a server rejects the credentials, the status line says OAuth is not supported and suggests a static header such as an API key.',
  ),
  'CRED-6': s000(S000.s42, 100, '本章的 Mino 没有实现 OAuth', "This chapter's Mino does not implement OAuth."),
  'NET-1': s000(
    S000.s43,
    104,
    '远端 URL 必须使用 HTTPS，只有 localhost 和回环地址允许明文 HTTP。',
    'Remote URLs must use HTTPS; only localhost and loopback addresses may use plain HTTP.',
  ),
  'NET-2': s000(
    S000.s43,
    104,
    '不跟随重定向，因此服务无法把你的请求头转给另一台主机。',
    'Redirects are not followed, so a server cannot pass your headers on to another host.',
  ),
  'NET-3': s000(S000.s43, 104, '每条协议消息或 HTTP 响应最多 1 MiB。', 'Each protocol message or HTTP response is at most 1 MiB.'),
  'NET-4': s000(
    S000.s4,
    90,
    '一次 MCP 调用可能把数据发给第三方，所以其余的边界都关乎：什么离开了本机，去了哪里。',
    'An MCP call may send data to a third party, so the remaining boundaries are all about what leaves the machine and where it goes.',
  ),
  'STDIO-1': s000(S000.s43, 104, 'stdio 服务直接执行、不经过 shell', 'A stdio server is executed directly, not through a shell.'),
  'STDIO-2': s000(S000.s43, 104, '运行在自己的进程组中', 'It runs in its own process group.'),
  'STDIO-3': s000(S000.s43, 104, '只带 PATH、HOME、LANG 和你配置的变量', 'Only PATH, HOME, LANG and the variables you configured.'),
  'STDIO-4': s000(S000.s43, 104, '它的错误输出被丢弃', 'Its stderr is discarded.'),
  'STDIO-5': s000(S000.s43, 104, 'Mino 退出时会停止并回收它。', 'When Mino exits it stops and reaps it.'),
  'STDIO-6': s000(
    S000.s2,
    53,
    '连接失败的服务会报告为 MCP server NAME unavailable: REASON 并被跳过；聊天和其他服务照常继续。',
    'A failing server is reported unavailable and skipped; the chat and the other servers carry on (a broken stdio server never takes the host down).',
  ),
  'LIMIT-1': s000(
    S000.s43,
    106,
    '发现过程设有上限，防止某个服务塞满请求：最多 16 页、128 个工具；输入 schema 必须是 JSON 对象，每个最多 16 KiB；一个服务的全部定义合计最多 64 KiB。超出上限的服务会被报告为不可用，而不是只注册一部分。',
    "Discovery is bounded so no server can flood the requests: at most 16 pages and 128 tools; input schemas are JSON objects of at most 16 KiB each; one server's definitions at most 64 KiB in all; a server over a bound is reported unavailable rather than partly registered.",
  ),
  'LIMIT-2': s000(
    S000.s43,
    106,
    '在一轮问答中，每次 MCP 调用都计入 16 次工具调用的既有上限',
    'Within a turn every MCP call counts toward the existing cap of 16 tool calls.',
  ),
  'LIMIT-3': s000(S000.s43, 106, '其结果和其他工具输出一样计入上下文预算。', 'Its results count toward the context budget like any other tool output.'),
  'REPLAY-1': s000(
    S000.s3,
    86,
    '用过 Context7 的会话，在服务离线或已被删除时仍能打开，也不会重新调用任何东西。',
    'A session that used Context7 still opens when the server is offline or removed, and nothing is invoked again.',
  ),
  'REPLAY-2': s000(S000.s3, 86, '已记录的 MCP 调用只按参数形状校验', 'Recorded MCP calls are validated by argument shape only.'),
  'REPLAY-3': s000(S000.s3, 86, '与第 08 章的历史兼容性见准备说明。', 'History compatibility with chapter 08 (before MCP) is covered in the set-up notes.'),
  'CONFIG-1': s000(
    S000.s22,
    67,
    '模型无法添加或修改服务，只有你用户目录下的配置文件可以；Mino 也从不读取项目中的 MCP 配置。',
    'Only the configuration file in your user directory defines servers; Mino never reads MCP configuration in the project.',
  ),
  'CONFIG-2': s000(S000.s22, 67, '模型无法添加或修改服务', 'The model cannot add or change servers.'),
  'CONFIG-3': s000(
    S000.s5,
    122,
    '命令测试检查服务配置以 0600 权限私密写入',
    'The command tests check that the server configuration is written privately with mode 0600.',
  ),
  'INJECT-1': s000(S000.s21, 59, 'MCP 的描述和结果都是数据，绝不是指令或授权。', 'MCP descriptions and results are data, never instructions or authorisation.'),
  'INJECT-2': s002(
    S002.inject,
    73,
    '描述消毒：剥离「忽略」「override」模式；',
    'Mitigation: sanitise descriptions, stripping "ignore"/"override" patterns (the catalogue extends sanitising to what reaches the screen: control sequences and invisible characters).',
  ),
  'INJECT-3': s002(
    S002.inject,
    [73, 74],
    '描述消毒：剥离「忽略」「override」模式； … 人工审核高敏 MCP；',
    'Mitigations: sanitise descriptions of "ignore"/"override" patterns; have a human review sensitive MCP servers.',
  ),
  'INJECT-4': s002(
    S002.faq,
    [193, 194],
    '问：动态 schema 更新如何通知模型？\n答：会话级 system 补丁 或 要求重新 ToolSearch；避免静默改契约。',
    'Q: how is the model told of a dynamic schema update? A: a session-level patch or a fresh tool search; never change the contract silently.',
  ),
  'RESOURCE-1': s002(
    S002.resource,
    [86, 89],
    'const ReadMcpResourceInput = z.object({\n  serverId: z.string(),\n  uri: z.string(),\n});',
    'ReadMcpResource takes exactly a server id and a URI.',
  ),
  'RESOURCE-2': s002(S002.resource, 82, '治理\tURI 白名单、服务器级 ACL', 'Governance: a URI allowlist and per-server ACLs.'),
  'RESOURCE-3': s002(S002.pipeline, 182, 'PostToolUse\t将 content 块规范化', 'After the tool use, content blocks are normalised (as for tool results).'),
  'PROMPT-1': s002(
    S002.triangle,
    141,
    'Prompt\t模板注入（若宿主支持）\t系统/用户消息片段',
    'Prompt: template insertion (if the host supports it), as system or user message fragments (the catalogue allows user content only, never system text).',
  ),
  'POLICY-1': s002(
    S002.faq,
    [187, 188],
    '问：能否禁止某个 MCP 服务器的全部写操作？\n答：可以，在注册层统一 require_approval 或覆盖 isReadOnly 为 false 且拦截写类工具名模式。',
    'Q: can all write operations of one MCP server be forbidden? A: yes, at registration: require approval, override isReadOnly to false and block write-like tool-name patterns.',
  ),
  'POLICY-2': s002(
    S002.goals,
    13,
    '列举将 MCP 接入治理流水线的要点：PreToolUse、速率限制、凭证隔离。',
    'List the points of bringing MCP into the governance pipeline: PreToolUse, rate limiting, credential isolation.',
  ),
  'POLICY-3': s002(
    S002.policy,
    [174, 175],
    '    resource_allowlist_uris:\n      - "internal://docs/**"',
    'A policy pack restricts the readable resource URIs with an allowlist.',
  ),
  'POLICY-4': s002(
    S002.snippet,
    62,
    '注意：inferReadOnly 对不可信服务器不可盲信，默认应 fail-closed（见 6.10）。',
    'Note: inferReadOnly must not be trusted blindly for untrusted servers; the default must fail closed.',
  ),
  'TELEMETRY-1': s002(
    S002.telemetry,
    [111, 113],
    '`mcpServerId`\t成本与错误归因\n`mcpToolOriginalName`\t与内部名对照\n`latencyMs`\tSLO',
    'Telemetry fields: mcpServerId (cost and error attribution), mcpToolOriginalName (against the internal name), latencyMs (SLO).',
  ),
  'TELEMETRY-2': s002(S002.pipeline, 181, 'PreToolUse\t描述消毒、参数脱敏', 'Before the tool use: sanitise descriptions, redact arguments.'),
  'TRANSPORT-1': s000(
    S000.intro,
    7,
    '可以在远端服务上，也可以在通过标准输入输出通信的本地进程里。',
    'Tools may live on a remote service or in a local process talking over standard input and output.',
  ),
  'TRANSPORT-2': s002(S002.flow, 29, '连接\tstdio / SSE / 自定义传输', 'Connection: stdio, SSE or a custom transport.'),
  'ASK-1': s000(
    S000.s2,
    49,
    '一个 MCP 工具要经过两个阶段，由不同的人做主。 … 每次调用都发生在一轮问答之中，并等待你的决定。',
    'An MCP tool passes two stages decided by different people; every call happens within a turn and waits for your decision (the catalogue extends this to what a server asks during the call: only you answer it).',
  ),
  'ASK-2': s000(
    S000.s22,
    69,
    '每次 MCP 调用都需要单独的默认拒绝批准 … Mino 无法验证远端工具实际做了什么，因此服务的自我描述不能成为跳过询问的理由。',
    'Every MCP call needs its own default-deny approval; Mino cannot verify what a remote tool does, so nothing a server says is a reason to skip asking (the catalogue says the same of a server asking to use the model).',
  ),
  'ASK-3': s000(
    S000.s4,
    [90, 98],
    '一次 MCP 调用可能把数据发给第三方，所以其余的边界都关乎：什么离开了本机，去了哪里。 … 每个值只发给对应的服务',
    "An MCP call may send data to a third party, so the boundaries are about what leaves the machine and where; each credential goes only to its own server (the catalogue says it of every answer to a server's request).",
  ),
};
