import { BlockDialog } from './BlockDialog'
import { ReportDialog } from './ReportDialog'
import type { ReportEntity } from '../../lib/moderation'

/** What a member menu opened: a report of something, or blocking someone. */
export type ModerationDialog =
  | { kind: 'report'; entityType: ReportEntity; entityId: string }
  | { kind: 'block'; userId: string; name: string }

/** ModerationDialogs: the report or block dialog a menu asked for (loaded on demand). */
export default function ModerationDialogs({ dialog, onClose, onBlocked }: { dialog: ModerationDialog; onClose: () => void; onBlocked?: () => void }) {
  return dialog.kind === 'report' ? (
    <ReportDialog entityType={dialog.entityType} entityId={dialog.entityId} onClose={onClose} />
  ) : (
    <BlockDialog userId={dialog.userId} name={dialog.name} onClose={onClose} onBlocked={onBlocked} />
  )
}
