// The profile's header: the Telegram photo (a person icon when there is none or it does not load), the full name,
// '@username' or 'ID: {telegram id}', and 'С нами с {date}'.
import { useState } from 'react';
import styled from 'styled-components';
import type { User } from '../../../contract/users';
import { profileCopy } from '../../copy/users';
import { ProfileIcon } from '../icons';

const Header = styled.header`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(4)};
`;

const Avatar = styled.div`
  flex: none;
  width: 64px;
  height: 64px;
  border-radius: 50%;
  overflow: hidden;
  display: grid;
  place-items: center;
  background: ${({ theme }) => theme.tint(theme.color.button, 14)};
  color: ${({ theme }) => theme.color.accent};
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
  svg {
    width: 32px;
    height: 32px;
  }
`;

const Who = styled.div`
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: 2px;
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.lg};
    overflow-wrap: anywhere;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.color.hint};
    font-size: ${({ theme }) => theme.font.size.sm};
    overflow-wrap: anywhere;
  }
`;

export function ProfileHeader({ user }: { user: User }) {
  const [photoFailed, setPhotoFailed] = useState(false);
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ');
  return (
    <Header>
      <Avatar>
        {user.photo_url && !photoFailed ? (
          <img src={user.photo_url} alt={profileCopy.photoAlt} onError={() => setPhotoFailed(true)} />
        ) : (
          <ProfileIcon />
        )}
      </Avatar>
      <Who>
        <h2>{name}</h2>
        <p>{user.username ? profileCopy.username(user.username) : profileCopy.telegramId(user.telegram_id)}</p>
        <p>{profileCopy.since(user.created_at)}</p>
      </Who>
    </Header>
  );
}
