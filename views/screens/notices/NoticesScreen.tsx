import type { ComponentType } from 'react';
import { LoadingIndicator } from '../../frame/LoadingIndicator.tsx';
import { FedrampNotice } from './FedrampNotice.tsx';
import type { NoticeScreenTag } from './NoticePage.tsx';
import { RetiredAppNotice } from './RetiredAppNotice.tsx';
import { TermsOfServiceNotice } from './TermsOfServiceNotice.tsx';
import { useNotices } from './useNotices.ts';

/** Every notice page by its tag. */
const views: { [T in NoticeScreenTag]: ComponentType<{ tag: T }> } = {
  'screen.fedrampNotice': FedrampNotice,
  'screen.termsOfService': TermsOfServiceNotice,
  'screen.retiredApp': RetiredAppNotice,
};
const tags = Object.keys(views) as NoticeScreenTag[];

/**
 * The notices (docs/notices.md): whichever page the notices flow's active state names (each marks
 * itself with its own data-screen inside this one). Each page is keyed by its tag, so focus and
 * scroll start afresh on the next one. Until the flow's chunk is in, the loading indicator.
 */
export function NoticesScreen() {
  const tag = useNotices((flow) => tags.find((candidate) => flow?.hasTag(candidate)));
  const View = tag && (views[tag] as ComponentType<{ tag: NoticeScreenTag }>);
  return <div data-screen="notices">{tag && View ? <View key={tag} tag={tag} /> : <LoadingIndicator />}</div>;
}
