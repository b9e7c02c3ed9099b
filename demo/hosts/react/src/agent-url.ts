/** The AG-UI endpoint: `?agent=` wins, else the demo servers' /demo-config.json. */
export async function loadAgentUrl(): Promise<string> {
  const fromQuery = new URLSearchParams(location.search).get('agent');
  if (fromQuery) return fromQuery;
  const config = (await (await fetch('/demo-config.json')).json()) as { agentUrl: string };
  return config.agentUrl;
}
