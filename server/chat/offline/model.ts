// The built-in offline assistant as an AI SDK language model (LanguageModelV3), used when LLM_BASE_URL is unset:
// the chat path runs exactly as with a real model — the same streamText call, the same tool mechanism (it asks for
// suggest_practice / suggest_diary_entry as a tool call; the SDK validates and executes it and calls the model
// again with the result), the same usage accounting, with token counts estimated honestly (tokens.ts).
//
// Per-call context comes in `providerOptions.offline` (OfflineContext: seed, turn, style, address…); the system
// prompt says the same in words for a real model. Without it the model still answers, in the gentle style. The
// conversation so far is the prompt's own messages (the chat's history window), as a real model reads it.
//
// The reply is ready at once. Streamed to a client, it is paced word by word (OfflinePace), so it grows on screen
// as a real model's does; a JSON send, which nobody watches grow, gets it at once.
import { setTimeout as sleep } from 'node:timers/promises';
import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3GenerateResult,
  LanguageModelV3Prompt,
  LanguageModelV3StreamPart,
  LanguageModelV3StreamResult,
  LanguageModelV3Usage,
} from '@ai-sdk/provider';
import { SUGGEST_DIARY_ENTRY, SUGGEST_PRACTICE } from '../tools';
import { estimateMessageTokens, estimateTokens } from '../tokens';
import { afterSuggestion, planReply, type OfflineContext, type ReplyPlan } from './responder';

export const OFFLINE_MODEL_ID = 'offline-assistant';

/** How a streamed reply is paced; beside the OfflineContext in `providerOptions.offline`. */
export interface OfflinePace {
  /** The pause before each word after the first; 0 or absent: the whole reply at once. */
  paceMs?: number;
  /** Aborted when nobody watches the words anymore (the client left): the rest comes at once, to be stored. */
  hurry?: AbortSignal;
}

export type OfflineOptions = OfflineContext & OfflinePace;

interface Output {
  text: string;
  toolCall: { toolName: string; input: string } | null;
}

function partsText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((p: { type?: string; text?: string }) => (p.type === 'text' ? (p.text ?? '') : '')).join('');
}

/** The conversation before the newest user message, as text (a tool step's own messages come after it). */
function historyOf(prompt: LanguageModelV3Prompt): OfflineContext['history'] {
  const lastUser = prompt.map((m) => m.role).lastIndexOf('user');
  return prompt
    .slice(0, Math.max(0, lastUser))
    .filter((m): m is Extract<typeof m, { role: 'user' | 'assistant' }> => m.role === 'user' || m.role === 'assistant')
    .map((m) => ({ role: m.role, content: partsText(m.content) }))
    .filter((m) => m.content.trim().length > 0);
}

function contextOf(options: LanguageModelV3CallOptions, prompt: LanguageModelV3Prompt): OfflineContext {
  const given = (options.providerOptions?.offline ?? {}) as Partial<OfflineContext>;
  const firstUser = prompt.find((m) => m.role === 'user');
  return {
    seed: typeof given.seed === 'string' ? given.seed : partsText(firstUser?.content),
    turn: typeof given.turn === 'number' ? given.turn : prompt.filter((m) => m.role === 'user').length,
    style: given.style === 'direct' || given.style === 'humorous' ? given.style : 'gentle',
    hasPersonalContext: given.hasPersonalContext === true,
    checkIn: given.checkIn === true,
    address: given.address === 'ty' ? 'ty' : 'vy',
    history: historyOf(prompt),
    checkInReminder: typeof given.checkInReminder === 'string' ? given.checkInReminder : undefined,
  };
}

function paceOf(options: LanguageModelV3CallOptions): { ms: number; hurry: AbortSignal | undefined } {
  const given = (options.providerOptions?.offline ?? {}) as OfflinePace;
  const ms = typeof given.paceMs === 'number' && given.paceMs > 0 ? given.paceMs : 0;
  return { ms, hurry: given.hurry instanceof AbortSignal ? given.hurry : undefined };
}

/**
 * The parts one by one as they are read, a pause before each text delta but the first. Cancelling the stream (an
 * abort, a timeout) ends the pause and stops it; a hurry ends every pause.
 */
function paced(parts: LanguageModelV3StreamPart[], ms: number, hurry?: AbortSignal) {
  const cancelled = new AbortController();
  const signal = hurry ? AbortSignal.any([hurry, cancelled.signal]) : cancelled.signal;
  let next = 0;
  let deltas = 0;
  return new ReadableStream<LanguageModelV3StreamPart>({
    async pull(controller) {
      const part = parts[next++]!;
      if (part.type === 'text-delta' && deltas++ > 0 && !signal.aborted)
        await sleep(ms, undefined, { signal }).catch(() => {});
      if (cancelled.signal.aborted) return;
      controller.enqueue(part);
      if (next === parts.length) controller.close();
    },
    cancel() {
      cancelled.abort();
    },
  });
}

/** The tool result's JSON value in the prompt's last message, when this call follows a tool call. */
function toolResultOf(prompt: LanguageModelV3Prompt): Record<string, unknown> | null | undefined {
  const last = prompt[prompt.length - 1];
  if (last?.role !== 'tool') return undefined;
  for (const part of last.content) {
    if (part.type === 'tool-result' && part.output.type === 'json')
      return (part.output.value ?? null) as Record<string, unknown> | null;
  }
  return null;
}

function toolInput(plan: ReplyPlan): { toolName: string; input: string } | null {
  const s = plan.suggestion;
  if (!s) return null;
  return s.kind === 'practice'
    ? { toolName: SUGGEST_PRACTICE, input: JSON.stringify({ practice_type: s.practiceId }) }
    : {
        toolName: SUGGEST_DIARY_ENTRY,
        input: JSON.stringify({ suggested_title: s.title, suggested_content: s.content }),
      };
}

function respond(options: LanguageModelV3CallOptions): Output {
  const prompt = options.prompt;
  const ctx = contextOf(options, prompt);
  const lastUser = [...prompt].reverse().find((m) => m.role === 'user');
  const plan = planReply(partsText(lastUser?.content), ctx);
  const afterTool = toolResultOf(prompt);
  if (afterTool !== undefined) return { text: afterSuggestion(plan, ctx, afterTool as never), toolCall: null };

  const call = toolInput(plan);
  const canCall =
    call !== null &&
    options.toolChoice?.type !== 'none' &&
    (options.tools ?? []).some((t) => t.type === 'function' && t.name === call.toolName);
  // With the tool: the reflection now, the rest after the tool's result (the next step). Without: all at once.
  return canCall ? { text: plan.lead, toolCall: call } : { text: `${plan.lead} ${plan.close}`, toolCall: null };
}

function usageOf(options: LanguageModelV3CallOptions, output: Output): LanguageModelV3Usage {
  let input = 0;
  for (const message of options.prompt)
    input += estimateMessageTokens(partsText(message.content) || JSON.stringify(message.content));
  if (options.tools?.length) input += estimateTokens(JSON.stringify(options.tools));
  const text = estimateTokens(output.text);
  const total = text + (output.toolCall ? estimateTokens(output.toolCall.toolName + output.toolCall.input) : 0);
  return {
    inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total, text, reasoning: 0 },
  };
}

const finishReason = (output: Output) =>
  output.toolCall ? { unified: 'tool-calls' as const, raw: 'tool_calls' } : { unified: 'stop' as const, raw: 'stop' };

export class OfflineChatModel implements LanguageModelV3 {
  readonly specificationVersion = 'v3' as const;
  readonly provider = 'offline';
  readonly modelId = OFFLINE_MODEL_ID;
  readonly supportedUrls = {};
  private calls = 0;

  async doGenerate(options: LanguageModelV3CallOptions): Promise<LanguageModelV3GenerateResult> {
    const output = respond(options);
    const content: LanguageModelV3Content[] = [{ type: 'text', text: output.text }];
    if (output.toolCall) content.push({ type: 'tool-call', toolCallId: `offline-${++this.calls}`, ...output.toolCall });
    return { content, finishReason: finishReason(output), usage: usageOf(options, output), warnings: [] };
  }

  async doStream(options: LanguageModelV3CallOptions): Promise<LanguageModelV3StreamResult> {
    const output = respond(options);
    const pace = paceOf(options);
    const toolCallId = `offline-${++this.calls}`;
    const parts: LanguageModelV3StreamPart[] = [
      { type: 'stream-start', warnings: [] },
      { type: 'text-start', id: 'text' },
    ];
    // Paced: word by word. At once: sentence by sentence — finer pieces would only add the SDK's per-part cost
    // (≈ 20 µs each) without anyone seeing a difference.
    const pieces = pace.ms ? /\s*\S+\s*|\s+/g : /[^.!?]+[.!?]*\s*/g;
    for (const piece of output.text.match(pieces) ?? []) parts.push({ type: 'text-delta', id: 'text', delta: piece });
    parts.push({ type: 'text-end', id: 'text' });
    if (output.toolCall) parts.push({ type: 'tool-call', toolCallId, ...output.toolCall });
    parts.push({ type: 'finish', finishReason: finishReason(output), usage: usageOf(options, output) });
    if (pace.ms) return { stream: paced(parts, pace.ms, pace.hurry) };
    return {
      stream: new ReadableStream<LanguageModelV3StreamPart>({
        start(controller) {
          for (const part of parts) controller.enqueue(part);
          controller.close();
        },
      }),
    };
  }
}
