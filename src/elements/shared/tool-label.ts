import type { ToolRegistry } from '../../core/tools/tool-registry.js';

/** How a tool (or group) is named to people: the page's `title`, else the tool's name; and its `icon`. */
export interface ToolLabel {
  readonly title: string;
  readonly icon?: string;
}

/** The label of the tool or group called `name` in the page's registry (a server tool's is its name). */
export function toolLabel(registry: ToolRegistry | undefined, name: string): ToolLabel {
  const tool = registry?.get(name) ?? registry?.group(name);
  const title = (typeof tool?.title === 'string' && tool.title.trim()) || name;
  const icon = typeof tool?.icon === 'string' ? tool.icon.trim() : '';
  return icon ? { title, icon } : { title };
}

/** The title alone, for sentences ("Executing Weather forecast…"). */
export const toolTitle = (registry: ToolRegistry | undefined, name: string): string => toolLabel(registry, name).title;
