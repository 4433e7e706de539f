// Deployment entry for Supabase's Deno runtime; the local gateway imports handler.ts directly.
import handler from './handler.ts';

Deno!.serve(handler);
