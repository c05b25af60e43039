//! Scene errors in Chinese. The messages are built in English where the
//! problem is found (a parser's, a check's, a condition's), and this table
//! says each in Chinese when it is shown: one place for the translation, so
//! a reader of the source texts gets every error in their language. Keys,
//! names, numbers and the lines to copy stay as written; a message the table
//! does not know stays English, never half-translated.

/// English patterns and their Chinese, most specific first: `{}` in the
/// English is a piece of the message (a key, a name, a number, a phrase),
/// `{0}`, `{1}` … in the Chinese the same pieces in order. A piece is itself
/// looked up, so a phrase inside a message ("a number") is said in Chinese too.
const PATTERNS: &[(&str, &str)] = &[
    // What the file is: not TOML, not UTF-8, too big, too deep.
    ("this array is not closed", "这个数组没有闭合"),
    ("add `]` here", "在此加上 `]`"),
    ("an array ends with `]`, e.g. {}", "数组以 `]` 结尾，例如 {0}"),
    ("invalid TOML: {}", "不是有效的 TOML：{0}"),
    // A --set whose number TOML cannot read: what is wrong, and the --set to write.
    ("{}: write --set {}, with a point", "{0}：写 --set {1}，用小数点"),
    (
        "{}: write --set {}: numbers are in SI units (m, kg, s, rad) and written without them",
        "{0}：写 --set {1}：数值用国际单位制（m、kg、s、rad），不写单位",
    ),
    ("{}: write e.g. --set {} (as the file has it)", "{0}：例如写 --set {1}（照文件里的写法）"),
    ("{}: write --set {}", "{0}：写 --set {1}"),
    ("`{}` takes {}, and `{}` is not one", "`{0}` 要的是{1}，`{2}` 不是"),
    ("a vector, [x, y]", "一个向量 [x, y]"),
    ("`{}` is written with a decimal comma", "`{0}` 用了小数逗号"),
    ("a comma", "逗号"),
    ("write {} = {}, with a point", "写 {0} = {1}，用小数点"),
    ("`{}` takes a plain number, without `{}` after it", "`{0}` 只要一个数，后面不写 `{1}`"),
    ("not a plain number", "不只是一个数"),
    (
        "write {} = {}: numbers are in SI units (m, kg, s, rad) and written without them",
        "写 {0} = {1}：数值用国际单位制（m、kg、s、rad），不写单位",
    ),
    ("`{}` takes plain numbers, without `{}` after them", "`{0}` 只要数，后面不写 `{1}`"),
    (
        "write {} there: numbers are in SI units (m, kg, s, rad) and written without them",
        "那里写 {0}：数值用国际单位制（m、kg、s、rad），不写单位",
    ),
    ("`{}` is a word without quotes", "`{0}` 是没有加引号的词"),
    ("no quotes", "没有引号"),
    ("`{}` is not a number as TOML writes one", "`{0}` 不是 TOML 写法的数"),
    ("not a TOML number", "不是 TOML 的数"),
    ("write {} there", "那里写 {0}"),
    ("write {} = {}, without quotes", "写 {0} = {1}，不加引号"),
    ("write {} there, without quotes", "那里写 {0}，不加引号"),
    ("`{}` is a fraction, and TOML reads only numbers", "`{0}` 是分数，TOML 只认数"),
    ("a fraction", "分数"),
    ("`{}` is two numbers without brackets", "`{0}` 是两个数，没有方括号"),
    ("no brackets", "没有方括号"),
    (
        "write {} = 0.5 or the like: a digit on each side of the point, and digits after an e (1e3 is 1000)",
        "写 {0} = 0.5 这样的数：小数点两边都要有数字，e 后面要有数字（1e3 即 1000）",
    ),
    ("key with no value, expected `=`", "键没有值，缺少 `=`"),
    ("this string is not closed", "这个字符串没有闭合"),
    ("add `\"` at its end", "在末尾加上 `\"`"),
    ("the file is not UTF-8 text", "文件不是 UTF-8 文本"),
    ("not UTF-8", "不是 UTF-8"),
    ("save the file as UTF-8; names may use any language's letters", "请把文件存为 UTF-8；名称可以用任何语言的文字"),
    ("cannot read the scene file: {}", "无法读取场景文件：{0}"),
    ("keys, tables or arrays nest too deeply (more than {} levels)", "键、表或数组嵌套太深（超过 {0} 层）"),
    ("too deep", "太深"),
    ("too long", "太长"),
    ("a scene needs at most three levels, e.g. {} with {}", "场景最多只需三层，例如 {0} 里写 {1}"),
    (
        "`{}` holds an array of more than {} elements; no key of a scene takes so many",
        "`{0}` 的数组超过 {1} 个元素；场景里没有哪个键需要这么多",
    ),
    ("holds an array of more than {} elements; no key of a scene takes so many", "数组超过 {0} 个元素；场景里没有哪个键需要这么多"),
    ("a position, velocity or size is two numbers, e.g. {}", "位置、速度或尺寸是两个数，例如 {0}"),
    (
        "the file is {} MB; a scene file may be at most {} MB (100,000 bodies take about 21 MB). Check that this is the scene you meant, or split it",
        "文件有 {0} MB；场景文件最多 {1} MB（100,000 个物体约占 21 MB）。请确认这是你要的场景，或把它拆开",
    ),
    // Keys and tables: unknown, missing, set twice.
    ("unknown table `{}`: did you mean `{}`?", "未知的表 `{0}`：是不是 `{1}`？"),
    ("unknown key `{}`: did you mean `{}`?", "未知的键 `{0}`：是不是 `{1}`？"),
    ("unknown table `{}`", "未知的表 `{0}`"),
    ("unknown key `{}`", "未知的键 `{0}`"),
    ("unknown table", "未知的表"),
    ("unknown key", "未知的键"),
    ("the tables allowed here are: {}", "这里可以写的表：{0}"),
    ("the keys allowed here are: {}", "这里可以写的键：{0}"),
    ("this table takes no keys", "这个表不接受任何键"),
    ("missing key `{}`", "缺少键 `{0}`"),
    ("this table needs `{}`", "这个表需要 `{0}`"),
    ("every body needs a unique name, e.g. {}", "每个物体都要有独一无二的名字，例如 {0}"),
    (
        "write shape = \"circle\" (with radius) or shape = \"box\" (with size = [w, h])",
        "写 shape = \"circle\"（配 radius）或 shape = \"box\"（配 size = [w, h]）",
    ),
    ("name the phase: kind = {}", "写出阶段：kind = {0}"),
    ("add {} = …", "加上 {0} = …"),
    ("`{}` is set twice in this table", "`{0}` 在这个表里写了两次"),
    ("set again here", "这里又写了一次"),
    ("`{}` is first set on line {}; keep one of the two", "`{0}` 第一次写在第 {1} 行；两处只留一处"),
    ("keep one of the two", "两处只留一处"),
    ("the table `{}` appears twice", "表 `{0}` 出现了两次"),
    ("second time", "第二次"),
    ("write each body as [[body]], with two brackets", "每个物体写成 [[body]]，用两层方括号"),
    ("write each table once", "每个表只写一次"),
    ("the elements of this array need commas between them", "数组的元素之间要用逗号隔开"),
    ("add `,`", "加上 `,`"),
    // Values of the wrong type or shape.
    ("`{}`: expected two numbers [x, y], found none", "`{0}`：应为两个数 [x, y]，实际一个也没有"),
    ("`{}`: expected two numbers [x, y], found {}", "`{0}`：应为两个数 [x, y]，实际是{1}"),
    ("`{}`: expected two corners [[xmin, ymin], [xmax, ymax]], found {}", "`{0}`：应为两个角 [[xmin, ymin], [xmax, ymax]]，实际有 {1} 个"),
    ("`{}`: expected {}, found {}", "`{0}`：应为{1}，实际是{2}"),
    ("`{}`: unknown value {}", "`{0}`：未知的取值 {1}"),
    ("`{}`: expected the name of a choice", "`{0}`：应为某个选项的名字"),
    ("`{}`: expected a number, [x, y] or true/false", "`{0}`：应为数、[x, y] 或 true/false"),
    ("expected a number, [x, y] or true/false", "应为数、[x, y] 或 true/false"),
    ("not a number, vector or boolean", "不是数、向量或布尔值"),
    ("write two corners", "写两个角"),
    ("write [x, y]", "写成 [x, y]"),
    ("not one of the choices", "不在选项之中"),
    ("not a name", "不是名字"),
    ("did you mean {}? The choices are {}", "是不是 {0}？可选的有 {1}"),
    (
        "write one of {}; a body's friction coefficient goes in its [[body]], e.g. {}",
        "写以下之一：{0}；物体的摩擦系数写在它的 [[body]] 里，例如 {1}",
    ),
    ("write one of {}", "写以下之一：{0}"),
    // Lines to copy.
    ("write e.g. {}, or static = true for a body that never moves", "例如写 {0}；永不移动的物体写 static = true"),
    ("write e.g. {} (1/60 s)", "例如写 {0}（1/60 秒）"),
    ("write e.g. {} (1 is perfectly elastic, 0 perfectly plastic)", "例如写 {0}（1 为完全弹性，0 为完全塑性）"),
    ("write e.g. {} (radians)", "例如写 {0}（弧度）"),
    ("write e.g. {} (1 % either way)", "例如写 {0}（上下各 1 %）"),
    ("write e.g. {} (m), or 0 to correct every overlap as the texts do", "例如写 {0}（m），或写 0，像原文那样修正每一处重叠"),
    ("write e.g. {}", "例如写 {0}"),
    ("write {}, as the texts do", "写 {0}，与原文相同"),
    ("write a frame from 0 to {} (frame 0 is the first)", "写 0 到 {0} 之间的帧（第 0 帧是第一帧）"),
    ("write frame = 0 for the first frame", "第一帧写 frame = 0"),
    ("write view = [[xmin, ymin], [xmax, ymax]]", "写 view = [[xmin, ymin], [xmax, ymax]]"),
    ("write a smaller number", "写一个小一些的数"),
    ("write a number, e.g. {} or {}", "写一个数，例如 {0} 或 {1}"),
    // Bodies.
    ("a moving body needs a mass", "运动的物体需要质量"),
    ("add mass = 1.0 (kg), or static = true for a wall or floor", "加上 mass = 1.0（kg）；墙或地板写 static = true"),
    ("a circle needs a radius", "圆需要半径"),
    ("add radius = 1.0 (metres)", "加上 radius = 1.0（米）"),
    ("a box needs a size", "矩形需要尺寸"),
    ("add size = [width, height], e.g. {}", "加上 size = [宽, 高]，例如 {0}"),
    ("a static body has no mass", "固定物体没有质量"),
    ("remove `mass`, or remove `static = true` to let it move", "删去 `mass`；或删去 `static = true`，让它能动"),
    ("a static body never moves", "固定物体从不移动"),
    ("remove the velocity, or give the body a mass instead of `static = true`", "删去速度；或给物体质量，代替 `static = true`"),
    ("leave it out to use the shape's (disc m r²/2, box m(w²+h²)/12)", "不写则按形状计算（圆盘 m r²/2，矩形 m(w²+h²)/12）"),
    ("two bodies are named {}", "两个物体都叫 {0}"),
    ("a body and a wall are named {}", "一个物体和一面墙都叫 {0}"),
    ("two walls are named {}", "两面墙都叫 {0}"),
    ("the first {} is on line {}; give each body and wall its own name", "第一个 {0} 在第 {1} 行；每个物体和每面墙各起一个名字"),
    ("give each body and wall its own name", "每个物体和每面墙各起一个名字"),
    ("a body's name cannot hold a control character (here {})", "物体的名字不能含控制字符（这里是 {0}）"),
    ("write the name with letters, digits, spaces and punctuation", "名字请用字母、数字、空格和标点"),
    ("a lesson's text cannot hold a control character (here {})", "课程的文字不能含控制字符（这里是 {0}）"),
    ("holds a control character", "含控制字符"),
    ("write plain text: line breaks and tabs are the only control characters allowed", "请写纯文本：只允许换行和制表符这两种控制字符"),
    (
        "the rough-balls article's table: steel on steel 0.25, wood on wood 0.3; above 1 is rubber on dry concrete",
        "粗糙小球一文的表：钢对钢 0.25，木对木 0.3；大于 1 是橡胶对干混凝土",
    ),
    // Ranges. The key stays as written.
    (
        "wall {} must be between {} and {} m long: its two ends are the same point",
        "墙 {0} 的长度须在 {1} 到 {2} m 之间：它的两个端点是同一个点",
    ),
    ("wall {} must be between {} and {} m long", "墙 {0} 的长度须在 {1} 到 {2} m 之间"),
    ("move `to` away from `from`: a wall runs from one end to the other", "把 `to` 移离 `from`：墙从一端延伸到另一端"),
    ("each number of {} must be between {} and {} {}", "{0} 的每个数都须在 {1} 到 {2} {3} 之间"),
    ("{} must be between {} and {} {}", "{0} 须在 {1} 到 {2} {3} 之间"),
    ("{} must be from {} to {}", "{0} 须在 {1} 到 {2} 之间"),
    ("{} must be above {} and at most {}", "{0} 须大于 {1} 且不超过 {2}"),
    ("{} must be a finite number (not nan or inf)", "{0} 须是有限的数（不能是 nan 或 inf）"),
    ("{} must be a finite number of 0 or more", "{0} 须是大于或等于 0 的有限数"),
    ("out of range", "超出范围"),
    ("the view's first corner must be below and left of its second", "view 的第一个角须在第二个角的左下方"),
    (
        "the game-engine book (Build Your Own 2D Game Engine) uses correction_rate = 0.8 (80 % of the overlap removed each pass)",
        "游戏引擎书（《Build Your Own 2D Game Engine》）用 correction_rate = 0.8（每一轮消除 80 % 的重叠）",
    ),
    // Frames.
    ("frame {} is beyond the last frame a check may point at, {}", "第 {0} 帧超出了检查可指向的最后一帧 {1}"),
    ("frame {} is beyond the last frame a step may point at, {}", "第 {0} 帧超出了讲解步骤可指向的最后一帧 {1}"),
    ("frame {} is beyond the last frame a question may point at, {}", "第 {0} 帧超出了问题可指向的最后一帧 {1}"),
    ("too far", "太远"),
    // Actions.
    ("only a force or a torque lasts for frames", "只有力或力矩才会持续若干帧"),
    ("leave `frames` out: the others act once", "删去 `frames`：其他作用只施加一次"),
    ("{} is static: nothing moves it", "{0} 是固定的：什么也推不动它"),
    ("{} is static", "{0} 是固定的"),
    ("act on a body with a mass", "请作用在有质量的物体上"),
    ("an action needs a kind", "动作需要一种作用"),
    (
        "write exactly one of force = [Fx, Fy], torque = τ, impulse = [Jx, Jy], angular_impulse = L, velocity = [vx, vy]",
        "以下恰好写一个：force = [Fx, Fy]、torque = τ、impulse = [Jx, Jy]、angular_impulse = L、velocity = [vx, vy]",
    ),
    ("`at` is the point a force or an impulse acts through", "`at` 是力或冲量的作用点"),
    ("leave it out, or give a force or an impulse", "删去它，或给出力或冲量"),
    ("an action has one kind; this one gives {}: {} and {}", "一个动作只有一种作用；这里给了 {0} 种：{1} 和 {2}"),
    ("an action has one kind; this one gives {}", "一个动作只有一种作用；这里给了 {0} 种"),
    ("no body is named {}. did you mean `{}`? The bodies are: {}", "没有名为 {0} 的物体。是不是 `{1}`？物体有：{2}"),
    ("no body is named {}. The bodies are: {}", "没有名为 {0} 的物体。物体有：{1}"),
    ("no body is named {}", "没有名为 {0} 的物体"),
    ("did you mean {}? The bodies are {}", "是不是 {0}？物体有 {1}"),
    ("the bodies are {}", "物体有 {0}"),
    // The three methods.
    (
        "{} and {} overlap by {} m at the start: method = \"event-driven\" (after Sedgewick & Wayne) needs bodies apart, or just touching",
        "{0} 和 {1} 在开始时重叠 {2} m：method = \"event-driven\"（依 Sedgewick 与 Wayne）要求物体分开，或恰好接触",
    ),
    ("{} and {} overlap by {} m at the start", "{0} 和 {1} 在开始时重叠 {2} m"),
    // Warnings: allowed, likely not meant.
    ("overlaps an earlier body", "与前面的物体重叠"),
    ("the first frame pushes them apart; move one if they should only touch", "第一帧会把它们推开；如果只该相接触，请移开其中一个"),
    ("… and {} more overlapping pairs", "……另有 {0} 对重叠"),
    (
        "the first frame pushes them apart; spread the bodies out if they should only touch",
        "第一帧会把它们推开；如果只该相接触，请把物体分散开",
    ),
    (
        "friction {} above 1 without coulomb_cap: jt = μ·jn can reverse the sliding and add energy",
        "friction {0} 大于 1 且没有 coulomb_cap：jt = μ·jn 可能让滑动反向并增加能量",
    ),
    ("can add energy", "可能增加能量"),
    ("write coulomb_cap = true in [solver], or a friction of at most 1", "在 [solver] 里写 coulomb_cap = true，或把 friction 设为不超过 1"),
    (
        "move one of them: the method predicts each hit before it happens and has no way to undo an overlap",
        "移开其中一个：这种方法在每次碰撞发生之前预测它，无法撤销已有的重叠",
    ),
    (
        "method = \"event-driven\" (after Sedgewick & Wayne) predicts straight paths between hits: gravity would bend them",
        "method = \"event-driven\"（依 Sedgewick 与 Wayne）在两次碰撞之间按直线预测：重力会让路径弯曲",
    ),
    (
        "method = \"event-driven\" (after Sedgewick & Wayne) predicts straight paths between hits: a force acting over time would bend them",
        "method = \"event-driven\"（依 Sedgewick 与 Wayne）在两次碰撞之间按直线预测：持续作用的力会让路径弯曲",
    ),
    (
        "method = \"event-driven\" (after Sedgewick & Wayne) predicts straight paths between hits",
        "method = \"event-driven\"（依 Sedgewick 与 Wayne）在两次碰撞之间按直线预测",
    ),
    (
        "write gravity = [0.0, 0.0] in [world], or write method = \"relaxation\" in [solver]",
        "在 [world] 里写 gravity = [0.0, 0.0]，或在 [solver] 里写 method = \"relaxation\"",
    ),
    (
        "{} is a box: method = \"event-driven\" (after Sedgewick & Wayne) knows discs and walls only",
        "{0} 是矩形：method = \"event-driven\"（依 Sedgewick 与 Wayne）只认圆盘和墙",
    ),
    ("{} is a box", "{0} 是矩形"),
    (
        "make it a circle, put [[wall]]s where its faces are, or write method = \"relaxation\" in [solver]",
        "把它改成圆，在它的各面处放 [[wall]]，或在 [solver] 里写 method = \"relaxation\"",
    ),
    (
        "give an impulse or a velocity instead, or write method = \"relaxation\" in [solver]",
        "改为给冲量或速度，或在 [solver] 里写 method = \"relaxation\"",
    ),
    (
        "{} is a moving box: method = \"reposition\" (after Dobre & Ramtal) moves circles only (a static box is four walls)",
        "{0} 是运动的矩形：method = \"reposition\"（依 Dobre 与 Ramtal）只移动圆（固定的矩形算作四面墙）",
    ),
    ("{} is a moving box", "{0} 是运动的矩形"),
    (
        "write method = \"relaxation\" in [solver] for boxes and spin, or make the body a circle",
        "要矩形和转动，在 [solver] 里写 method = \"relaxation\"；或把这个物体改成圆",
    ),
    (
        "tangent = \"rotated-normal\" has no say with warm_start = true: summed friction acts along n⊥ with either sign",
        "warm_start = true 时 tangent = \"rotated-normal\" 不起作用：累计的摩擦沿 n⊥ 作用，可正可负",
    ),
    ("tangent = \"rotated-normal\" has no say with warm_start = true", "warm_start = true 时 tangent = \"rotated-normal\" 不起作用"),
    (
        "write tangent = \"projected\", or warm_start = false to see the texts' tangents",
        "写 tangent = \"projected\"；要看原文的切线，写 warm_start = false",
    ),
    (
        "friction = \"velocity-ratio\" has no say with warm_start = true: summed friction stays inside Coulomb's cone",
        "warm_start = true 时 friction = \"velocity-ratio\" 不起作用：累计的摩擦保持在库仑摩擦锥之内",
    ),
    ("friction = \"velocity-ratio\" has no say with warm_start = true", "warm_start = true 时 friction = \"velocity-ratio\" 不起作用"),
    (
        "write friction = \"coulomb\" (or \"none\"), or warm_start = false",
        "写 friction = \"coulomb\"（或 \"none\"），或写 warm_start = false",
    ),
    ("{} does not turn bodies: {} cannot spin", "{0} 不让物体转动：{1} 不能旋转"),
    (
        "{} does not turn bodies: a torque, an angular impulse or a point off the centre has no effect",
        "{0} 不让物体转动：力矩、角冲量或偏离中心的作用点都不起作用",
    ),
    ("leave it out, or write method = \"relaxation\" in [solver]", "删去它，或在 [solver] 里写 method = \"relaxation\""),
    ("wall {} must be between {} and {} m long: it is {} m long", "墙 {0} 的长度须在 {1} 到 {2} m 之间：现在长 {3} m"),
    ("a circle has a radius, not a size", "圆有半径，没有 size"),
    ("write radius = … instead of size", "用 radius = … 代替 size"),
    ("a box has a size, not a radius", "矩形有 size，没有半径"),
    ("write size = [width, height] instead of radius", "用 size = [宽, 高] 代替 radius"),
    ("a static body has no inertia", "固定物体没有转动惯量"),
    ("remove `inertia`", "删去 `inertia`"),
    ("a body's name cannot be empty", "物体的名字不能为空"),
    ("a wall's name cannot be empty", "墙的名字不能为空"),
    ("a body's name cannot hold {}, {}", "物体的名字不能含 {0}，{1}"),
    ("a wall's name cannot hold {}, {}", "墙的名字不能含 {0}，{1}"),
    ("a wall's name cannot hold a control character (here {})", "墙的名字不能含控制字符（这里是 {0}）"),
    (
        "write the name again with letters, digits, spaces and punctuation only (a copy from a web page or a chat may carry it)",
        "只用字母、数字、空格和标点重写这个名字（从网页或聊天里复制的文字可能带有它）",
    ),
    ("a lesson's text cannot hold {}, {}", "课程的文字不能含 {0}，{1}"),
    ("holds an invisible format character", "含不可见的格式字符"),
    (
        "write plain text: delete the character (a copy from a web page or a chat may carry it)",
        "请写纯文本：删去这个字符（从网页或聊天里复制的文字可能带有它）",
    ),
    ("a {} makes from 1 to {} copies", "{0} 可生成 1 到 {1} 个副本"),
    ("a rack has from 1 to 100 rows", "一个 rack 有 1 到 100 排"),
    ("write e.g. {} (15 balls)", "例如写 {0}（15 个球）"),
    ("gap must be 0 or more, in m", "gap 须大于或等于 0，单位 m"),
    ("write e.g. {} (the balls touch)", "例如写 {0}（球相互接触）"),
    ("direction must be a vector other than [0, 0]", "direction 须是 [0, 0] 以外的向量"),
    (
        "unknown key `{}`: did you mean `{}`? a --set key is world.KEY, solver.KEY or body.NAME.KEY, e.g. {}",
        "未知的键 `{0}`：是不是 `{1}`？--set 的键是 world.KEY、solver.KEY 或 body.NAME.KEY，例如 {2}",
    ),
    (
        "unknown key `{}`: a --set key is world.KEY, solver.KEY or body.NAME.KEY, e.g. {}",
        "未知的键 `{0}`：--set 的键是 world.KEY、solver.KEY 或 body.NAME.KEY，例如 {1}",
    ),
    // Lessons: checks, questions, toggles.
    ("the {} phase has no quantity `{}`", "{0} 阶段没有 `{1}` 这个量"),
    ("not computed here", "这里没有计算"),
    ("did you mean `{}`? This phase computes: {}", "是不是 `{0}`？这个阶段计算：{1}"),
    ("this phase computes: {}", "这个阶段计算：{0}"),
    ("this phase records no values; or a body's state after it, e.g. {} or {}", "这个阶段不记录值；或它之后物体的状态，例如 {0} 或 {1}"),
    ("this phase records no values", "这个阶段不记录值"),
    ("a check names one value: a quantity, a body's field, or a world total", "一项检查只指一个值：一个量、物体的一项，或世界的总量"),
    ("what is checked?", "检查什么？"),
    (
        "write quantity = \"jn\", or body = \"m1\" with field = \"velocity\", or world = \"kinetic_energy\"",
        "写 quantity = \"jn\"，或 body = \"m1\" 配 field = \"velocity\"，或 world = \"kinetic_energy\"",
    ),
    ("`{}` is {}, which cannot be compared with this expected value", "`{0}` 是{1}，不能与这个期望值比较"),
    ("wrong kind of value", "值的种类不对"),
    ("a learner gets 1 to 9 tries at a question, not {}", "每道题学生可试 1 到 9 次，不能是 {0}"),
    ("leave tolerance out of a question with choices", "选择题不要写 tolerance"),
    ("correct names one of the choices, and this question has none", "correct 指某个选项，而这道题没有选项"),
    ("question {}'s choices name no right one", "第 {0} 题的选项里没有指明正确的一个"),
    ("which is right?", "哪个是对的？"),
    (
        "write correct = 1 (the first choice) or correct = \"the choice's text\"",
        "写 correct = 1（第一个选项）或 correct = \"该选项的文字\"",
    ),
    ("a choice is empty", "有一个选项是空的"),
    ("{} is a choice twice", "{0} 这个选项出现了两次"),
    ("empty", "空"),
    ("repeated", "重复"),
    ("give each choice its own words", "每个选项写不同的文字"),
    ("choices_zh has {} choices and choices has {}", "choices_zh 有 {0} 个选项，而 choices 有 {1} 个"),
    ("not one for each", "没有一一对应"),
    ("write one Chinese choice for each English one, in the same order", "每个英文选项对应写一个中文选项，顺序相同"),
    ("question {} has both an answer and choices", "第 {0} 题既有 answer 又有 choices"),
    ("one or the other", "二者选一"),
    (
        "keep answer for a number the learner types, or choices and correct for a pick, not both",
        "要学生输入数，留 answer；要学生选择，留 choices 和 correct；不要两者都写",
    ),
    ("`{}` is true or false, not a number a learner can type", "`{0}` 是真或假，不是学生能输入的数"),
    ("not a number", "不是数"),
    (
        "ask it with choices: write choices = [\"…\", \"…\"] and correct = 1 instead of answer",
        "用选项来问：写 choices = [\"…\", \"…\"] 和 correct = 1，代替 answer",
    ),
    ("the {} phase records no value `{}`", "{0} 阶段不记录 `{1}` 这个值"),
    ("not recorded here", "这里没有记录"),
    (
        "did you mean `{}`? This phase records: {}; or a body's state after it, e.g. {} or {}",
        "是不是 `{0}`？这个阶段记录：{1}；或它之后物体的状态，例如 {2} 或 {3}",
    ),
    ("This phase records: {}; or a body's state after it, e.g. {} or {}", "这个阶段记录：{0}；或它之后物体的状态，例如 {1} 或 {2}"),
    ("{} is not one of the choices", "{0} 不在选项之中"),
    ("unknown value {}", "未知的取值 {0}"),
    ("did you mean {}? Choose from {}", "是不是 {0}？可选：{1}"),
    ("choose from {}", "可选：{0}"),
    ("no such choice", "没有这个选项"),
    ("correct = {}, but there are {} choices", "correct = {0}，但只有 {1} 个选项"),
    ("write a number from 1 to {}, or the right choice's text, e.g. {}", "写 1 到 {0} 之间的数，或正确选项的文字，例如 {1}"),
    ("question {} has no answer", "第 {0} 题没有答案"),
    ("answered how?", "怎么作答？"),
    (
        "write answer = \"jn\" (a value the phase records, typed in as a number), or choices = [\"…\", \"…\"] with correct = 1",
        "写 answer = \"jn\"（阶段记录的值，以数字输入），或写 choices = [\"…\", \"…\"] 配 correct = 1",
    ),
    (
        "a question offers 2 to 9 choices (the learner picks with the keys 1 to 9); this one has {}",
        "一道题给 2 到 9 个选项（学生用 1 到 9 键选择）；这道题有 {0} 个",
    ),
    ("too few or too many", "太少或太多"),
    ("question {} points at {} of frame {}, which never happens", "第 {0} 题指向第 {2} 帧的 {1}，这个阶段从未发生"),
    ("no such phase", "没有这个阶段"),
    ("the {} phases of frame {} are: {}", "第 {1} 帧的 {0} 阶段有：{2}"),
    ("{} … ({} in all)", "{0} ……（共 {1} 个）"),
    ("a question's tolerance must be a share of the answer from 0 to 1", "题目的 tolerance 是答案的比例，须在 0 到 1 之间"),
    ("a body has no field `{}`", "物体没有 `{0}` 这一项"),
    ("unknown field", "未知的项"),
    ("a body's fields are {}", "物体的各项是 {0}"),
    ("a toggle's key is a digit from 1 to 9, each used once", "开关的键是 1 到 9 的数字，每个只用一次"),
    ("not a free digit", "不是未用的数字"),
    ("these changes do not read: {}", "这些改动读不通：{0}"),
    ("does not read", "读不通"),
    ("write KEY=VALUE as for --set, e.g. {}", "像 --set 那样写 KEY=VALUE，例如 {0}"),
    // --set, lesson ids.
    ("write --set KEY=VALUE, e.g. {}", "写 --set KEY=VALUE，例如 {0}"),
    ("the file is not TOML", "文件不是 TOML"),
    (
        "no lesson or scene file by that name. did you mean `{}`? The lessons are: {}",
        "没有这个名字的课程或场景文件。是不是 `{0}`？课程有：{1}",
    ),
    ("no lesson or scene file by that name. The lessons are: {}", "没有这个名字的课程或场景文件。课程有：{0}"),
    ("no lesson has this id. The lessons are: {}", "没有这个 id 的课程。课程有：{0}"),
    ("this is a file, not a lesson id: open it with `{}`", "这是文件，不是课程 id：用 `{0}` 打开"),
    // Conditions (`--break-on`, the debugger's `b`).
    ("the condition ends here", "条件在这里就结束了"),
    ("no body is called {}", "没有叫 {0} 的物体"),
    ("not a body of this scene", "不是这个场景里的物体"),
    ("no phase kind is called {}", "没有叫 {0} 的阶段种类"),
    ("not a kind", "不是阶段种类"),
    ("did you mean `{}`?", "是不是 `{0}`？"),
    ("did you mean {}?", "是不是 {0}？"),
    ("expected `and` or `or` between terms", "条件项之间应为 `and` 或 `or`"),
    ("here", "这里"),
    ("a term is one of: {}", "条件项可以是：{0}"),
    ("expected `=`", "应为 `=`"),
    ("write `{} = …`", "写 `{0} = …`"),
    ("expected a term", "应为条件项"),
    ("a term is missing before this", "这之前缺少条件项"),
    ("expected a quantity before the comparison", "比较之前应有一个量"),
    ("nothing to compare", "没有可比较的"),
    ("expected a comparison: < <= > >= == !=", "应为比较符：< <= > >= == !="),
    ("write `{} < NUMBER`; a term is one of: {}", "写 `{0} < NUMBER`；条件项可以是：{1}"),
    ("expected two body names joined by `-`", "应为用 `-` 连接的两个物体名"),
    ("not a pair of this scene", "不是这个场景里的物体对"),
    ("write `pair = A-B`, e.g. the names in the phase titles", "写 `pair = A-B`，例如阶段标题里的名字"),
    ("write `pair = A-B`", "写 `pair = A-B`"),
    ("write `contact A B`", "写 `contact A B`"),
    ("write `body = A`", "写 `body = A`"),
    ("expected `rises`", "应为 `rises`"),
    ("write `energy rises` or `energy rises by X`", "写 `energy rises` 或 `energy rises by X`"),
    ("the kinds are: {}", "阶段种类有：{0}"),
    ("the bodies are: {}", "物体有：{0}"),
    ("expected {}", "应为{0}"),
    // Last: a word to put in quotes, after every message that merely ends so.
    ("write {} = \"{}\"", "写 {0} = \"{1}\""),
    // Last: any help that says what to write, once no pattern above has matched it.
    ("write {} = {}", "写 {0} = {1}"),
];

/// Phrases that are pieces of a message, never a whole one: a type, what
/// was found, a phase's title, a list.
const PIECES: &[(&str, &str)] = &[
    ("a number", "一个数"),
    ("a whole number", "一个整数"),
    ("true or false", " true 或 false"),
    ("a quoted string", "一个带引号的字符串"),
    ("[x, y]", " [x, y]"),
    ("one number", "一个数"),
    ("{} numbers", " {0} 个数"),
    ("the string {}", "字符串 {0}"),
    ("the number {}", "数 {0}"),
    ("an array", "数组"),
    ("a vector", "一个向量"),
    ("text", "文字"),
    ("absent", "缺失"),
    ("a table", "表"),
    ("a box's width and height", "矩形的宽和高"),
    ("a force or torque", "力或力矩"),
    ("(N or N·m)", "（N 或 N·m）"),
    ("the names the starter file (`impulse new`) lists", "入门文件（`impulse new`）列出的名字"),
    ("method = {} (after {})", "method = {0}（依 {1}）"),
    ("Sedgewick & Wayne", "Sedgewick 与 Wayne"),
    ("Dobre & Ramtal", "Dobre 与 Ramtal"),
    ("a bidirectional control, which reorders the text around it", "双向控制字符，会让周围的文字倒序"),
    ("a zero-width character, which cannot be seen", "零宽字符，看不见"),
    ("an invisible format character", "不可见的格式字符"),
    ("two body names", "两个物体名"),
    ("a second body name", "第二个物体名"),
    ("a phase kind", "阶段种类"),
    ("a pair", "物体对"),
    ("a body name", "物体名"),
    ("a term", "条件项"),
    ("a comparison (< <= > >= == !=)", "比较符（< <= > >= == !=）"),
    ("an amount of energy in J", "以 J 计的能量"),
    ("{} · pass {} · {}", "{0} · 第 {1} 轮 · {2}"),
    ("{} · pass {}", "{0} · 第 {1} 轮"),
    ("{}; {}", "{0}；{1}"),
];

/// What a problem is found in, when it is not a file: a condition typed, a
/// file as `--set` changed it.
const PLACES: &[(&str, &str)] = &[("condition", "条件"), ("{} with --set", "{0}（经 --set 修改）")];

/// The name of what a problem is found in, in Chinese: a file's own name as written.
pub fn place(file: &str) -> String {
    said_by(PLACES, file).unwrap_or_else(|| file.to_string())
}

/// `text` in Chinese, when [`PATTERNS`] has it.
pub fn chinese(text: &str) -> Option<String> {
    said_by(PATTERNS, text)
}

fn said_by(patterns: &[(&str, &str)], text: &str) -> Option<String> {
    patterns.iter().find_map(|(english, chinese)| {
        let parts: Vec<&str> = english.split("{}").collect();
        let pieces = pieces(text, &parts)?;
        let mut out = chinese.to_string();
        for (i, piece) in pieces.iter().enumerate() {
            // A piece in backticks is a key or a value as the file writes it.
            let as_written = parts[i].ends_with('`') && parts[i + 1].starts_with('`');
            out = out.replace(&format!("{{{i}}}"), &if as_written { piece.to_string() } else { piece_said(piece) });
        }
        Some(out)
    })
}

/// `text` in Chinese where the table has it, else as written (a key, a
/// name, a number, a line to copy).
pub fn said(text: &str) -> String {
    chinese(text).unwrap_or_else(|| text.to_string())
}

/// A piece of a message in Chinese: a message of its own, a phrase, or as written.
fn piece_said(text: &str) -> String {
    chinese(text).or_else(|| said_by(PIECES, text)).unwrap_or_else(|| text.to_string())
}

/// The pieces of `text` that the holes between `parts` leave, when `text`
/// is the pattern: each hole takes at least one character, the first
/// reading that fits the rest.
fn pieces<'t>(text: &'t str, parts: &[&str]) -> Option<Vec<&'t str>> {
    let (first, later) = parts.split_first()?;
    let rest = text.strip_prefix(first)?;
    if later.is_empty() {
        return rest.is_empty().then(Vec::new);
    }
    holes(rest, later)
}

fn holes<'t>(text: &'t str, parts: &[&str]) -> Option<Vec<&'t str>> {
    let (next, later) = parts.split_first()?;
    if later.is_empty() {
        let hole = text.strip_suffix(next)?;
        return (!hole.is_empty()).then(|| vec![hole]);
    }
    text.match_indices(next).filter(|(at, _)| *at > 0).find_map(|(at, _)| {
        let mut rest = holes(&text[at + next.len()..], later)?;
        rest.insert(0, &text[..at]);
        Some(rest)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_is_said_with_its_keys_and_pieces_kept() {
        assert_eq!(chinese("unknown key `masss`: did you mean `mass`?").unwrap(), "未知的键 `masss`：是不是 `mass`？");
        assert_eq!(
            chinese("`body.mass`: expected a number, found the string \"heavy\"").unwrap(),
            "`body.mass`：应为一个数，实际是字符串 \"heavy\""
        );
        assert_eq!(chinese("mass must be between 0.000001 and 1,000,000,000 kg").unwrap(), "mass 须在 0.000001 到 1,000,000,000 kg 之间");
        assert_eq!(chinese("write e.g. mass = 1.0").unwrap(), "例如写 mass = 1.0");
        assert_eq!(
            chinese("question 1 points at resolve · pass 20 · a–b of frame 0, which never happens").unwrap(),
            "第 1 题指向第 0 帧的 resolve · 第 20 轮 · a–b，这个阶段从未发生"
        );
        // A key in backticks stays as written, even when it is a word the table knows.
        assert_eq!(chinese("unknown key `here`").unwrap(), "未知的键 `here`");
        assert_eq!(chinese("something new"), None);
        assert_eq!(said("something new"), "something new");
    }

    #[test]
    fn every_pattern_reads_its_own_english_and_keeps_every_piece() {
        for (english, chinese) in PATTERNS.iter().chain(PIECES).chain(PLACES) {
            let holes = english.matches("{}").count();
            for i in 0..holes {
                assert!(chinese.contains(&format!("{{{i}}}")), "{english}: piece {i} is lost");
            }
            assert!(!chinese.contains(&format!("{{{holes}}}")), "{english}: too many pieces");
            assert!(!english.contains("{}{}"), "{english}: two pieces side by side cannot be told apart");
        }
    }
}
