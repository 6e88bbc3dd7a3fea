// Its own module: the chat's suggestion cards show practice names without loading the practices' copy.
/**
 * A practice's name as shown: a hyphen between digits («4-7-8») becomes a non-breaking one (U+2011), so the
 * rhythm never breaks across lines. Display only: what is stored or sent (a diary entry's title) keeps the name.
 */
export const practiceName = (name: string) => name.replace(/(?<=\d)-(?=\d)/g, '\u2011');
