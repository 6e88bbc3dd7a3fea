// The chat's language model: any OpenAI-compatible chat API when LLM_BASE_URL is set (with the usage of streamed
// replies: includeUsage asks for `stream_options.include_usage`), otherwise the built-in offline assistant, which
// implements the same interface — so routes, tools, streaming and token accounting run the same code either way.
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { Config } from '../config';
import { OfflineChatModel } from './offline/model';

export function chatModel(config: Pick<Config, 'llmBaseUrl' | 'llmApiKey' | 'llmModel'>): LanguageModelV3 {
  if (!config.llmBaseUrl || !config.llmModel) return new OfflineChatModel();
  const provider = createOpenAICompatible({
    name: 'llm',
    baseURL: config.llmBaseUrl,
    apiKey: config.llmApiKey ?? undefined,
    includeUsage: true,
  });
  return provider.chatModel(config.llmModel);
}

/**
 * The same model for the safety net's second opinion (safety/classifier.ts), asked for JSON by the verdict's schema
 * (`response_format: json_schema`, which OpenAI-compatible servers such as vLLM, llama.cpp and Ollama honour); null
 * without LLM_BASE_URL.
 */
export function safetyClassifierModel(
  config: Pick<Config, 'llmBaseUrl' | 'llmApiKey' | 'llmModel'>,
): LanguageModelV3 | null {
  if (!config.llmBaseUrl || !config.llmModel) return null;
  return createOpenAICompatible({
    name: 'llm',
    baseURL: config.llmBaseUrl,
    apiKey: config.llmApiKey ?? undefined,
    supportsStructuredOutputs: true,
  }).chatModel(config.llmModel);
}
