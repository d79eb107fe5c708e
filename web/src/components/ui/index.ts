export { Badge, type BadgeProps, type BadgeTone } from './Badge';
export { Button, ButtonLink, buttonClassName, type ButtonProps, type ButtonLinkProps } from './Button';
export { Card, type CardProps } from './Card';
export { Container, type ContainerProps } from './Container';
export { PageHeader, type PageHeaderProps } from './PageHeader';
export { Select, type SelectOption, type SelectProps } from './Select';
export { Table, TABLE_EMPTY_MESSAGE, type TableColumn, type TableProps } from './Table';
export { Input, TextField, type InputProps, type TextFieldProps } from './TextField';
