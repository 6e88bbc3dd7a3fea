// Updates that tell whether the bot may write to a user, seen before any command handler: a private message from
// them (/start included — handlers after this one still answer it), and my_chat_member when they block the bot
// (kicked) or unblock it (member). The reminders follow (server/users/bot-access.ts).
import { Composer, type Context } from 'grammy';
import type { Config } from '../config';
import type { Db } from '../db';
import { recordBlocked, recordWroteToBot } from '../users/service';

export function botAccessUpdates(db: Db, config: Pick<Config, 'defaultTimeZone'>): Composer<Context> {
  const composer = new Composer<Context>();
  const privateChats = composer.chatType('private');
  privateChats.on('message', async (ctx, next) => {
    await recordWroteToBot(db, ctx.from.id, config.defaultTimeZone);
    await next();
  });
  privateChats.on('my_chat_member', async (ctx, next) => {
    const status = ctx.myChatMember.new_chat_member.status;
    if (status === 'kicked') await recordBlocked(db, ctx.myChatMember.from.id, config.defaultTimeZone);
    else if (status === 'member') await recordWroteToBot(db, ctx.myChatMember.from.id, config.defaultTimeZone);
    await next();
  });
  return composer;
}
