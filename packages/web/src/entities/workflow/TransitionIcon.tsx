import type { ComponentType } from 'react';
import {
  AlertOutlined, ApartmentOutlined, AuditOutlined, BankOutlined, CalculatorOutlined, CalendarOutlined,
  CarOutlined, CheckCircleOutlined, CheckOutlined, CheckSquareOutlined, CloseCircleOutlined, DeleteOutlined,
  DisconnectOutlined, DislikeOutlined, DollarOutlined, DownloadOutlined, EditOutlined, ExportOutlined,
  EyeInvisibleOutlined, EyeOutlined, FallOutlined, FieldTimeOutlined, FileAddOutlined, FileDoneOutlined,
  FileTextOutlined, FlagOutlined, FrownOutlined, HourglassOutlined, ImportOutlined, InboxOutlined,
  LikeOutlined, LinkOutlined, LockOutlined, LogoutOutlined, MailOutlined, MessageOutlined,
  NotificationOutlined, OrderedListOutlined, PauseCircleOutlined, PhoneOutlined, PlayCircleOutlined,
  PoweroffOutlined, RedoOutlined, ReloadOutlined, RiseOutlined, RollbackOutlined, SafetyCertificateOutlined,
  SendOutlined, ShoppingCartOutlined, StarOutlined, StepForwardOutlined, StopOutlined, SwapOutlined,
  SwapRightOutlined, SyncOutlined, ThunderboltOutlined, TrophyOutlined, UnlockOutlined, UploadOutlined,
  UserAddOutlined, UserDeleteOutlined, WarningOutlined,
} from '@ant-design/icons';

/** The icons of the transition vocabulary; a tenant's other icon names show no icon. */
const icons: Record<string, ComponentType> = {
  AlertOutlined, ApartmentOutlined, AuditOutlined, BankOutlined, CalculatorOutlined, CalendarOutlined,
  CarOutlined, CheckCircleOutlined, CheckOutlined, CheckSquareOutlined, CloseCircleOutlined, DeleteOutlined,
  DisconnectOutlined, DislikeOutlined, DollarOutlined, DownloadOutlined, EditOutlined, ExportOutlined,
  EyeInvisibleOutlined, EyeOutlined, FallOutlined, FieldTimeOutlined, FileAddOutlined, FileDoneOutlined,
  FileTextOutlined, FlagOutlined, FrownOutlined, HourglassOutlined, ImportOutlined, InboxOutlined,
  LikeOutlined, LinkOutlined, LockOutlined, LogoutOutlined, MailOutlined, MessageOutlined,
  NotificationOutlined, OrderedListOutlined, PauseCircleOutlined, PhoneOutlined, PlayCircleOutlined,
  PoweroffOutlined, RedoOutlined, ReloadOutlined, RiseOutlined, RollbackOutlined, SafetyCertificateOutlined,
  SendOutlined, ShoppingCartOutlined, StarOutlined, StepForwardOutlined, StopOutlined, SwapOutlined,
  SwapRightOutlined, SyncOutlined, ThunderboltOutlined, TrophyOutlined, UnlockOutlined, UploadOutlined,
  UserAddOutlined, UserDeleteOutlined, WarningOutlined,
};

/** The icon a transition names (`SendOutlined`). */
export function TransitionIcon({ name }: { name?: string }) {
  const Icon = name ? icons[name] : undefined;
  return Icon ? <Icon /> : null;
}
