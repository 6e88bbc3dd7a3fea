// One assistant reply through the AI SDK: streamText with the two tools, at most two steps (the second writes after
// a tool's result and may not call another), deltas passed on as they arrive, the first suggestion kept as the
// message's metadata and the tokens of all steps counted. A provider that fails, times out or stalls is a
// ProviderUnavailable; nothing here knows about HTTP or the database.
import type { JSONObject, LanguageModelV3 } from '@ai-sdk/provider';
import { stepCountIs, streamText, type ModelMessage } from 'ai';
import type { MessageMetadata } from '../../contract/chat';
import type { Tier } from '../billing/service';
import type { OfflineOptions } from './offline/model';
import { MAX_OUTPUT_TOKENS, MAX_STEPS } from './prompt';
import { estimateMessageTokens, estimateTokens } from './tokens';
import { chatTools } from './tools';

export class ProviderUnavailable extends Error {
  constructor(readonly reason: unknown) {
    super(`model provider unavailable: ${reason instanceof Error ? reason.message : String(reason)}`);
    this.name = 'ProviderUnavailable';
  }
}

export interface AssistantInput {
  model: LanguageModelV3;
  system: string;
  messages: ModelMessage[];
  tier: Tier;
  /** Handed to the offline assistant (providerOptions.offline); other providers ignore it. */
  offline: OfflineOptions;
  timeoutMs: number;
  onDelta: (text: string) => void;
}

export interface AssistantReply {
  text: string;
  metadata: MessageMetadata | null;
  /** The model's reported total over all steps; estimated when the provider reports none. */
  tokens: number;
}

/** Words for a reply that is only a card (a model may answer with a tool call and no text). */
const CARD_ONLY: Record<MessageMetadata['type'], string> = {
  practice_suggestion: 'Вот практика, которая может помочь прямо сейчас.',
  diary_suggestion: 'Кажется, этот момент стоит сохранить в дневник.',
};

export async function runAssistant(input: AssistantInput): Promise<AssistantReply> {
  let metadata: MessageMetadata | null = null;
  let failure: unknown = null;
  const result = streamText({
    model: input.model,
    system: input.system,
    messages: input.messages,
    tools: chatTools(input.tier, (m) => (metadata ??= m)),
    stopWhen: stepCountIs(MAX_STEPS),
    prepareStep: ({ stepNumber }) => (stepNumber > 0 ? { toolChoice: 'none' as const } : undefined),
    maxOutputTokens: MAX_OUTPUT_TOKENS,
    maxRetries: 1,
    timeout: { totalMs: input.timeoutMs, chunkMs: Math.ceil(input.timeoutMs / 3) },
    // Typed as JSON (providers may send it on), but handed to the model as given: the hurry signal arrives intact.
    providerOptions: { offline: { ...input.offline } as unknown as JSONObject },
    onError: ({ error }) => void (failure ??= error), // surfaced below, not logged to the console by the SDK
  });

  let text = '';
  let betweenSteps = false;
  let reported: number | undefined;
  for await (const part of result.fullStream) {
    if (part.type === 'text-delta' && part.text) {
      // Steps are separate model calls: keep a space between the text before a tool call and the text after it.
      const delta = betweenSteps && text && !/\s$/.test(text) && !/^\s/.test(part.text) ? ` ${part.text}` : part.text;
      betweenSteps = false;
      text += delta;
      input.onDelta(delta);
    } else if (part.type === 'finish-step') betweenSteps = true;
    else if (part.type === 'finish') reported = part.totalUsage.totalTokens;
    else if (part.type === 'error') failure ??= part.error;
    else if (part.type === 'abort') failure ??= new Error(part.reason ?? 'aborted (timeout)');
  }
  if (failure) throw new ProviderUnavailable(failure);

  const kept = metadata as MessageMetadata | null;
  if (!text.trim()) {
    if (!kept) throw new ProviderUnavailable('the model answered with no text');
    text = CARD_ONLY[kept.type];
    input.onDelta(text);
  }
  const estimated =
    input.messages.reduce(
      (n, m) => n + estimateMessageTokens(JSON.stringify(m.content)),
      estimateTokens(input.system),
    ) + estimateTokens(text);
  return { text: text.trim(), metadata: kept, tokens: reported && reported > 0 ? reported : estimated };
}
