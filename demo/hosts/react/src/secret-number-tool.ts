import type { ClientTool } from 'soliplex-chat';

const secrets: Record<string, number> = { alice: 42, bob: 7 };

/** The page tool the demo model asks for: a person's secret number. */
export const secretNumberTool: ClientTool<{ name: string }> = {
  name: 'get_secret_number',
  description: 'The secret number of a person',
  parameters: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
  execute: ({ name }) => secrets[name.toLowerCase()] ?? `nobody called ${name}`,
};
