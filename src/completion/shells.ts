// The shells `svc completion` writes scripts for, and where each script is committed under completions/.
export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

export const SCRIPT_FILES: Record<Shell, string> = { bash: 'svc.bash', zsh: '_svc', fish: 'svc.fish' };
