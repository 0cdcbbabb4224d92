/// The scopes of "has an element in … scope".
enum Scope {
    case normal, listItem, button, table
}
