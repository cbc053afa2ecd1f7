import type { Plugin } from 'vite';

export const FIREBASE_ORIGINS: string[];
export const FORM_TARGETS: string[];
export function inlineScriptHashes(html: string): string[];
export function contentSecurityPolicy(scriptHashes: string[]): string;
export function cspHeader(config: { hosting: { headers: { source: string; headers: { key: string; value: string }[] }[] } }): { key: string; value: string };
export function withConnect(policy: string, connect: string[]): string;
export function cspHeaders(firebaseJson: string): Plugin;
