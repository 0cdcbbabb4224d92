/// When to color the table.
public enum ColorMode: String, ArgumentChoice {
    case auto
    case always
    case never
}
