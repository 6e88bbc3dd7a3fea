// Text the server will store: no NUL characters (PostgreSQL refuses them), at most `max` characters. Every form that
// keeps what a person types (the diary's, the step practices') cuts with this one rule.
export const cleanText = (text: string, max: number) => text.replaceAll('\u0000', '').slice(0, max);
