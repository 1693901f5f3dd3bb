import { useState } from 'react';
import { ACCOUNT_DONE } from '@blooms/shared/contract/messages';
import type { ActResult } from './act';

/** A change's answer, shown where it was made: what was done (and how to take it back), or why it was refused. */
export interface Answer {
  tone: 'done' | 'refused';
  text: string;
  /** Takes the change back; absent when it cannot be. */
  undo?: () => Promise<ActResult>;
}

/** The answer of one card or form, and the way to give it. */
export function useAnswer() {
  const [answer, setAnswer] = useState<Answer | null>(null);

  /** Waits for a change and answers it; true when it was made. */
  const answerTo = async (change: Promise<ActResult>, done: string, undo?: () => Promise<ActResult>): Promise<boolean> => {
    const result = await change;
    setAnswer(result.ok ? { tone: 'done', text: done, undo } : { tone: 'refused', text: result.message });
    return result.ok;
  };

  const undo = async () => {
    if (answer?.undo) await answerTo(answer.undo(), ACCOUNT_DONE.undone);
  };

  return { answer, answerTo, undo, clear: () => setAnswer(null) };
}
