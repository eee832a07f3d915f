/** A menu entry of `GET /modules?id_type_user=` (seed 000 §3, Module): the reply is a tree of
 * top-level entries (groups, id_parent null) with their modules in `children`, each level in
 * `orden` order. Flags come as 0/1 (a boolean is read the same way). */
export type ModuleNode = {
  id: number;
  name: string;
  icon: string;
  url: string | null;
  /** 1: visible to root only (lock icon). */
  root: number | boolean;
  estado: number;
  orden: number;
  id_parent: number | null;
  type?: string;
  section?: string;
  translate?: Record<string, string>;
  children?: ModuleNode[];
};
