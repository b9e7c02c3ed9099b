// The part of highlight.js's API that code-highlighter.ts uses. @highlightjs/cdn-assets is highlight.js's
// own pure-ESM build (the highlight.js package's ESM entry wraps its CommonJS build) and ships no types.

declare module '@highlightjs/cdn-assets/es/core.js' {
  /** An emitter builds the output of one highlight run; `__emitter` replaces the default (HTML) one. */
  export interface HighlightEmitter {
    addText(text: string): void;
    startScope(scope: string): void;
    endScope(): void;
    openNode(scope: string): void;
    closeNode(): void;
    __addSublanguage(emitter: HighlightEmitter, subLanguageName: string): void;
    finalize(): void;
    toHTML(): string;
  }
  export type LanguageFn = (hljs: HighlightJs) => object;
  export interface HighlightJs {
    newInstance(): HighlightJs;
    configure(options: { __emitter?: new (options: object) => HighlightEmitter; classPrefix?: string }): void;
    registerLanguage(name: string, language: LanguageFn): void;
    getLanguage(name: string): object | undefined;
    highlight(
      code: string,
      options: { language: string; ignoreIllegals?: boolean },
    ): { _emitter: HighlightEmitter; illegal: boolean; errorRaised?: unknown };
  }
  const hljs: HighlightJs;
  export default hljs;
}

declare module '@highlightjs/cdn-assets/es/languages/*' {
  import type { LanguageFn } from '@highlightjs/cdn-assets/es/core.js';
  const language: LanguageFn;
  export default language;
}
