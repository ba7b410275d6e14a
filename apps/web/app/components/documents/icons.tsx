import { AwardIcon, FileIcon, type IconProps, ReceiptIcon } from "../icons";

// The icon of a document: the model's `icon` names one of these (a file by default).

const ICONS: Record<string, (props: IconProps) => React.JSX.Element> = {
  award: AwardIcon,
  receipt: ReceiptIcon,
  file: FileIcon,
};

export function DocumentIcon({ icon, ...props }: IconProps & { icon: string | null }) {
  const Chosen = (icon && ICONS[icon]) || FileIcon;
  return <Chosen {...props} />;
}
