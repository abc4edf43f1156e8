import type { Command } from 'commander';

/** A command module registers itself on the program and reports its exit code through setExit. */
export type RegisterCommand = (program: Command, setExit: (code: number) => void) => void;
