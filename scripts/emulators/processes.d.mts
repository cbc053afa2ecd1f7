import type { ChildProcess } from 'node:child_process';

export function descendants(pid: number): number[];
export function stopTree(child: Pick<ChildProcess, 'pid'>, options?: { graceMs?: number }): Promise<void>;
export function portHolders(port: number): { pid: number; command: string }[];
export function takenPorts(ports: Record<string, number>): Promise<string[]>;
